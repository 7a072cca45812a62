import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Injectable } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import {
  getPushChannelToken,
  getSmsChannelToken,
  HeraldConfigError,
  InjectPushChannel,
  InjectSmsChannel,
  NotificationConfig,
  PUSH_CHANNEL,
  SMS_CHANNEL,
  type PushChannelProtocol,
  type SMSChannelProtocol,
} from '@herald/contracts';
import { ObservabilityModule } from '@herald/observability';
import { DeliveryError } from './errors/delivery.error.js';
import { SMS_BACKEND_REGISTRY } from './registry/backend-registry.tokens.js';
import type { NamedBackendRegistry } from './registry/named-backend.registry.js';
import { NotificationModule } from './notification.module.js';
import { NOTIFICATION_MODULE_OPTIONS } from './notification.module-definition.js';
import { LogSmsDriver } from './sms/drivers/log/log-sms.driver.js';
import { SmsChannel } from './sms/sms-channel.js';
import { InMemoryPushChannel } from './memory/in-memory-push-channel.js';
import { InMemorySmsChannel } from './memory/in-memory-sms-channel.js';

const twilio = {
  accountSid: 'AC1',
  authToken: 'tok',
  fromNumber: '+15005550006',
  baseUrl: 'http://127.0.0.1:9',
};
const env = { ...process.env };

describe('NotificationModule', () => {
  beforeEach(() => {
    // isolate from the developer's own YAML/env
    process.env.HERALD_CONFIG_FILE = '';
    for (const key of Object.keys(process.env))
      if (key.startsWith('HERALD_NOTIFICATION')) delete process.env[key];
  });
  afterAll(() => {
    process.env = env;
  });

  const boot = async (module: ReturnType<typeof NotificationModule.forRoot>) => {
    const app = await Test.createTestingModule({
      imports: [ObservabilityModule, module],
    }).compile();
    await app.init();
    return app;
  };

  it('binds each backend by name and the primary also under SMS_CHANNEL / PUSH_CHANNEL (same instance)', async () => {
    const app = await boot(
      NotificationModule.forRoot({
        smsBackends: [
          { name: 'tw', driver: 'twilio', twilio },
          { name: 'audit', primary: true, driver: 'log' },
        ],
        pushBackends: [{ name: 'dev', primary: true, driver: 'log' }],
      }),
    );
    const audit = app.get<SMSChannelProtocol>(getSmsChannelToken('audit'));
    expect(audit).toBeInstanceOf(SmsChannel);
    expect(app.get(SMS_CHANNEL)).toBe(audit);
    expect(app.get<SmsChannel>(getSmsChannelToken('tw')).driver.driver).toBe('twilio');
    expect(app.get(PUSH_CHANNEL)).toBe(app.get(getPushChannelToken('dev')));
    expect(app.get<NamedBackendRegistry<SMSChannelProtocol>>(SMS_BACKEND_REGISTRY).names()).toEqual(
      ['tw', 'audit'],
    );

    const result = await app
      .get<SMSChannelProtocol>(SMS_CHANNEL)
      .send({ to: '+15551234567', body: 'hello' });
    expect(result).toMatchObject({ backend: 'audit', status: 'logged' });
    expect(((audit as SmsChannel).driver as LogSmsDriver).log.entries[0].message.body).toBe(
      'hello',
    );
    await app.close();
  });

  it('works with the @InjectSmsChannel / @InjectPushChannel decorators', async () => {
    @Injectable()
    class Sender {
      constructor(
        @InjectSmsChannel() readonly primary: SMSChannelProtocol,
        @InjectSmsChannel('tw') readonly tw: SMSChannelProtocol,
        @InjectPushChannel() readonly push: PushChannelProtocol,
      ) {}
    }
    const app = await Test.createTestingModule({
      imports: [
        NotificationModule.forRoot(
          new NotificationConfig({
            smsBackends: [{ name: 'tw', primary: true, driver: 'twilio', twilio }],
          }),
        ),
      ],
      providers: [Sender],
    }).compile();
    const sender = app.get(Sender);
    expect(sender.primary).toBe(sender.tw);
    // no push backend is primary: injection works, sending says how to fix it
    const error = await sender.push.send({ token: 'abc' }).catch((e) => e);
    expect(error).toBeInstanceOf(DeliveryError);
    expect(error.message).toContain('No push backend is marked primary');
    await app.close();
  });

  it('forRootAsync takes the config from a factory and binds the listed names', async () => {
    const app = await Test.createTestingModule({
      imports: [
        NotificationModule.forRootAsync({
          useFactory: async () =>
            new NotificationConfig({
              pushBackends: [
                { name: 'a', driver: 'log' },
                { name: 'b', primary: true, driver: 'log' },
              ],
            }),
          pushBackendNames: ['a'],
        }),
      ],
    }).compile();
    expect(app.get(getPushChannelToken('a')).name).toBe('a');
    expect(app.get(PUSH_CHANNEL).name).toBe('b');
    await app.close();
  });

  it('stub() has no backends and in-memory primaries', async () => {
    const app = await boot(NotificationModule.stub());
    expect(app.get(SMS_CHANNEL)).toBeInstanceOf(InMemorySmsChannel);
    expect(app.get(PUSH_CHANNEL)).toBeInstanceOf(InMemoryPushChannel);
    await app.get<SMSChannelProtocol>(SMS_CHANNEL).send({ to: '+15551234567', body: 'x' });
    expect(app.get<InMemorySmsChannel>(SMS_CHANNEL).sent).toHaveLength(1);
    await app.close();
  });

  it('overrideProvider(SMS_CHANNEL) replaces the binding', async () => {
    const fake = new InMemorySmsChannel('fake');
    const app = await Test.createTestingModule({
      imports: [
        NotificationModule.forRoot({ smsBackends: [{ name: 'x', primary: true, driver: 'log' }] }),
      ],
    })
      .overrideProvider(SMS_CHANNEL)
      .useValue(fake)
      .compile();
    expect(app.get(SMS_CHANNEL)).toBe(fake);
    await app.close();
  });

  it('reads the backends from env through the loader at bootstrap; listed names get named tokens', async () => {
    process.env.HERALD_NOTIFICATION__SMS_BACKENDS = JSON.stringify([
      { name: 'env-sms', primary: true, driver: 'log' },
    ]);
    const app = await boot(NotificationModule.forRoot({}, { smsBackendNames: ['env-sms'] }));
    expect(app.get(getSmsChannelToken('env-sms')).name).toBe('env-sms');
    await app.close();
  });

  it('reads the backends from the YAML file (notification.sms_backends / push_backends)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'herald-notif-'));
    const file = join(dir, 'app.yaml');
    writeFileSync(
      file,
      [
        'notification:',
        '  sms_backends:',
        '    - { name: yaml-sms, primary: true, driver: log }',
        '  push_backends:',
        '    - name: yaml-push',
        '      primary: true',
        '      driver: log',
      ].join('\n'),
    );
    process.env.HERALD_CONFIG_FILE = file;
    try {
      const app = await boot(
        NotificationModule.forRoot({
          pushBackends: [{ name: 'code-push', primary: true, driver: 'log' }],
        }),
      );
      expect(app.get(SMS_CHANNEL).name).toBe('yaml-sms'); // from the file
      expect(app.get(PUSH_CHANNEL).name).toBe('code-push'); // code wins over the file
      await app.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  const bootstrapError = async (config: Record<string, unknown>): Promise<HeraldConfigError> => {
    const error = await Test.createTestingModule({ imports: [NotificationModule.forRoot(config)] })
      .compile()
      .then(
        () => undefined,
        (e) => e,
      );
    expect(error).toBeInstanceOf(HeraldConfigError);
    return error;
  };

  it.each([
    [
      'two primaries',
      {
        smsBackends: [
          { name: 'a', primary: true, driver: 'log' },
          { name: 'b', primary: true, driver: 'log' },
        ],
      },
      'notification.sms_backends: only one backend may be primary (found 2: sms_backends[0], sms_backends[1])',
    ],
    [
      'duplicate names',
      {
        pushBackends: [
          { name: 'a', driver: 'log' },
          { name: 'a', driver: 'log' },
        ],
      },
      'notification.push_backends[1].name: duplicate backend name "a" (already used by push_backends[0]); names must be unique',
    ],
    [
      'an unknown driver',
      { smsBackends: [{ name: 'a', driver: 'nexmo' }] },
      'notification.sms_backends[0].driver: must be one of',
    ],
    [
      'a missing driver sub-object',
      { pushBackends: [{ name: 'a', driver: 'apns' }] },
      'notification.push_backends[0].apns: driver "apns" needs its settings in a sub-object named "apns"',
    ],
    [
      'a from_number that is not E.164',
      {
        smsBackends: [
          { name: 'a', driver: 'twilio', twilio: { ...twilio, fromNumber: '5550006' } },
        ],
      },
      'notification.sms_backends[0].twilio.from_number: must be a phone number in E.164 form, e.g. +15005550006 (got "5550006")',
    ],
    [
      'the legacy FCM server key',
      { pushBackends: [{ name: 'a', driver: 'fcm', fcm: { serverKey: 'AAAA' } }] },
      'notification.push_backends[0].fcm.server_key: the legacy FCM server key API was shut down in 2024',
    ],
  ])('fails at bootstrap on %s, with the path', async (_what, config, message) => {
    const error = await bootstrapError(config);
    expect(error.message).toContain(message);
  });
});

describe('NotificationModule builder skeleton', () => {
  it('readable options token; forRoot, forRootAsync and stub are global', () => {
    expect(NOTIFICATION_MODULE_OPTIONS).toBe('HERALD_NOTIFICATION_MODULE_OPTIONS');
    for (const definition of [
      NotificationModule.forRoot(),
      NotificationModule.forRootAsync({ useFactory: () => ({}) }),
      NotificationModule.stub(),
    ]) {
      expect(definition.module).toBe(NotificationModule);
      expect(definition.global).toBe(true);
    }
  });
});
