import { Injectable } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import {
  getMailerToken,
  HeraldConfigError,
  InjectMailer,
  MAILER,
  MailerConfig,
  type MailerProtocol,
} from '@herald/contracts';
import { ObservabilityModule } from '@herald/observability';
import { InMemoryMailer } from '../memory/in-memory-mailer.js';
import { LogMailDriver } from './drivers/log/log-mail.driver.js';
import { Mailable } from './mailable.js';
import { MailerChannel } from './mailer-channel.js';
import { MailerModule } from './mailer.module.js';
import { MAILER_MODULE_OPTIONS } from './mailer.module-definition.js';
import { MAIL_BACKEND_REGISTRY } from '../registry/backend-registry.tokens.js';
import type { NamedBackendRegistry } from '../registry/named-backend.registry.js';

const backends = [
  {
    name: 'smtp',
    driver: 'smtp',
    fromEmail: 'noreply@herald.test',
    smtp: { host: '127.0.0.1', port: 2525 },
  },
  {
    name: 'audit',
    primary: true,
    driver: 'log',
    fromEmail: 'audit@herald.test',
    fromName: 'Audit',
  },
];

describe('MailerModule', () => {
  it('binds each backend by name and the primary also under MAILER (same instance)', async () => {
    const app = await Test.createTestingModule({
      imports: [ObservabilityModule, MailerModule.forRoot({ backends })],
    }).compile();
    const audit = app.get<MailerChannel>(getMailerToken('audit'));
    expect(app.get(MAILER)).toBe(audit);
    expect(app.get<MailerChannel>(getMailerToken('smtp')).driver.driver).toBe('smtp');
    expect(app.get<NamedBackendRegistry<MailerProtocol>>(MAIL_BACKEND_REGISTRY).names()).toEqual([
      'smtp',
      'audit',
    ]);
    const result = await audit.send(
      new Mailable().to('ada@example.com').subject('Hi').html('<p>Hello <b>Ada</b></p>'),
    );
    expect(result).toMatchObject({ backend: 'audit', accepted: ['ada@example.com'] });
    const [entry] = (audit.driver as LogMailDriver).log.entries;
    expect(entry.message.from).toEqual({ name: 'Audit', address: 'audit@herald.test' });
    expect(entry.message.text).toBe('Hello Ada');
    await app.close();
  });

  it('forRootAsync with inject/useFactory', async () => {
    @Injectable()
    class Settings {
      readonly mail = new MailerConfig({
        backends: [{ name: 'x', primary: true, driver: 'log', fromEmail: 'x@herald.test' }],
      });
    }
    @Injectable()
    class Consumer {
      constructor(
        @InjectMailer() readonly primary: MailerProtocol,
        @InjectMailer('x') readonly x: MailerProtocol,
      ) {}
    }
    const app = await Test.createTestingModule({
      imports: [
        MailerModule.forRootAsync({
          imports: [
            { module: class SettingsModule {}, providers: [Settings], exports: [Settings] },
          ],
          inject: [Settings],
          useFactory: (s: Settings) => s.mail,
          backendNames: ['x'],
        }),
      ],
      providers: [Consumer],
    }).compile();
    const consumer = app.get(Consumer);
    expect(consumer.primary).toBe(consumer.x);
    expect(consumer.x.name).toBe('x');
    await app.close();
  });

  it('stub() gives an InMemoryMailer; stub(config) exactly that config', async () => {
    const app = await Test.createTestingModule({ imports: [MailerModule.stub()] }).compile();
    const mailer = app.get<InMemoryMailer>(MAILER);
    expect(mailer).toBeInstanceOf(InMemoryMailer);
    await mailer.send({ to: ['a@example.com'], subject: 's', text: 't' });
    expect(mailer.sentTo('a@example.com')).toHaveLength(1);
    await app.close();

    const withConfig = await Test.createTestingModule({
      imports: [MailerModule.stub({ backends: [backends[1]] })],
    }).compile();
    expect(withConfig.get(MAILER)).toBe(withConfig.get(getMailerToken('audit')));
    await withConfig.close();
  });

  it('overrideProvider(MAILER) replaces the primary for consumers', async () => {
    @Injectable()
    class Consumer {
      constructor(@InjectMailer() readonly mailer: MailerProtocol) {}
    }
    const fake = new InMemoryMailer();
    const app = await Test.createTestingModule({
      imports: [MailerModule.forRoot({ backends })],
      providers: [Consumer],
    })
      .overrideProvider(MAILER)
      .useValue(fake)
      .compile();
    await app.get(Consumer).mailer.send({ to: ['b@example.com'], subject: 'Hi', text: 'x' });
    expect(fake.sent[0].subject).toBe('Hi');
    await app.close();
  });

  it('reads the backends from env (HERALD_NOTIFICATION__MAILER__BACKENDS__0__DRIVER=...)', async () => {
    const saved = { ...process.env };
    Object.assign(process.env, {
      HERALD_CONFIG_FILE: '',
      HERALD_NOTIFICATION__MAILER__BACKENDS__0__NAME: 'env-mail',
      HERALD_NOTIFICATION__MAILER__BACKENDS__0__PRIMARY: 'true',
      HERALD_NOTIFICATION__MAILER__BACKENDS__0__DRIVER: 'smtp',
      HERALD_NOTIFICATION__MAILER__BACKENDS__0__FROM_EMAIL: 'env@herald.test',
      HERALD_NOTIFICATION__MAILER__BACKENDS__0__SMTP__HOST: 'mail.internal',
      HERALD_NOTIFICATION__MAILER__BACKENDS__0__SMTP__PORT: '2525',
      HERALD_NOTIFICATION__MAILER__BACKENDS__0__SMTP__PASSWORD: 'env-secret',
    });
    try {
      const app = await Test.createTestingModule({
        imports: [MailerModule.forRoot({}, { backendNames: ['env-mail'] })],
      }).compile();
      const mailer = app.get<MailerChannel>(MAILER);
      expect(mailer).toBe(app.get(getMailerToken('env-mail')));
      expect(mailer.driver.driver).toBe('smtp');
      expect((mailer.driver as any).config).toMatchObject({
        host: 'mail.internal',
        port: 2525,
        password: 'env-secret',
      });
      await app.close();
    } finally {
      process.env = saved;
    }
  });

  it('fails at bootstrap with the path of each problem', async () => {
    const error = await Test.createTestingModule({
      imports: [
        MailerModule.forRoot({
          backends: [
            { name: 'a', primary: true, driver: 'smtp', fromEmail: 'a@herald.test' },
            { name: 'a', primary: true, driver: 'mandrill', fromEmail: 'not-an-email' },
          ],
        }),
      ],
    })
      .compile()
      .catch((e) => e);
    expect(error).toBeInstanceOf(HeraldConfigError);
    expect(error.message).toContain(
      'notification.mailer.backends[0].smtp: driver "smtp" needs its settings in a sub-object named "smtp"',
    );
    expect(error.message).toContain(
      'notification.mailer.backends[1].name: duplicate backend name "a"',
    );
    expect(error.message).toContain('notification.mailer.backends[1].driver: must be one of');
    expect(error.message).toContain(
      'notification.mailer.backends[1].from_email: must be an email address',
    );
    expect(error.message).toContain(
      'notification.mailer.backends: only one backend may be primary',
    );
  });
});

describe('MailerModule builder skeleton', () => {
  it('readable options token; forRoot, forRootAsync and stub are global', () => {
    expect(MAILER_MODULE_OPTIONS).toBe('HERALD_MAILER_MODULE_OPTIONS');
    for (const definition of [
      MailerModule.forRoot(),
      MailerModule.forRootAsync({ useFactory: () => ({}) }),
      MailerModule.stub(),
    ]) {
      expect(definition.module).toBe(MailerModule);
      expect(definition.global).toBe(true);
    }
  });
});
