import { Injectable, Module } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import {
  NotificationConfig,
  HEALTH_CHECK_REGISTRY,
  SMS_CHANNEL,
  getSmsChannelToken,
  type HealthCheckFunction,
  MAILER,
  getMailerToken,
  type MailerProtocol,
  type MailSendResult,
  type SMSChannelProtocol,
} from '@herald/contracts';
import { NoopHealthCheckRegistry, ObservabilityModule } from '@herald/observability';
import { NotificationModule } from '../notification.module.js';
import { FakeSendgridServer } from '../testing/servers/fake-sendgrid.server.js';
import { FakeTwilioServer } from '../testing/servers/fake-twilio.server.js';
import { MailerModule } from '../mailer/mailer.module.js';
import { ReliableMailer } from './reliable/reliable-mailer.js';
import { InMemorySmsChannel } from '../memory/in-memory-sms-channel.js';
import { DELIVERY_STORE } from './delivery.constants.js';
import { DeliveryModule } from './delivery.module.js';
import { DELIVERY_MODULE_OPTIONS } from './delivery.module-definition.js';
import { BullmqDeliveryQueue } from './queue/bullmq-delivery.queue.js';
import { DeliveryService } from './reliable/delivery.service.js';
import { ReliableSmsChannel } from './reliable/reliable-channels.js';
import type { DeliveryStore } from './stores/delivery-store.protocol.js';

const twilioBackend = (name: string, server: FakeTwilioServer, extra: object = {}) => ({
  name,
  driver: 'twilio',
  twilio: {
    accountSid: server.accountSid,
    authToken: server.authToken,
    fromNumber: '+15005550006',
    baseUrl: server.url,
  },
  ...extra,
});

describe('NotificationModule with notification.delivery', () => {
  let a: FakeTwilioServer;
  let b: FakeTwilioServer;
  beforeAll(async () => {
    a = await new FakeTwilioServer().start();
    b = await new FakeTwilioServer().start();
  });
  afterAll(async () => {
    await a.stop();
    await b.stop();
  });

  it('wraps configured backends: failover to the fallback, one record per message', async () => {
    const moduleRef = await Test.createTestingModule({
      imports: [
        NotificationModule.forRoot({
          smsBackends: [
            twilioBackend('tw-a', a, { primary: true, fallbacks: ['tw-b'] }),
            twilioBackend('tw-b', b),
          ],
          delivery: { enabled: true, retryAttempts: 2, retryBase: 0.01 },
        }),
      ],
    }).compile();
    await moduleRef.init();
    const sms = moduleRef.get<SMSChannelProtocol>(SMS_CHANNEL);
    expect(sms).toBeInstanceOf(ReliableSmsChannel);
    expect(moduleRef.get(getSmsChannelToken('tw-a'))).toBe(sms);
    a.failNext(503);
    const result = (await sms.send({ to: '+15551234567', body: 'hi' })) as unknown as {
      deliveryId: string;
    };
    expect(result).toMatchObject({ backend: 'tw-b' });
    const store = moduleRef.get<DeliveryStore>(DELIVERY_STORE);
    expect(await store.get(result.deliveryId)).toMatchObject({
      status: 'sent',
      backend: 'tw-b',
      attempts: 1,
    });
    expect(b.messages).toHaveLength(1);
    await moduleRef.close();
  });

  it('wraps MailerModule backends too: SendGrid 503 fails over to the log backend, one record', async () => {
    const sg = await new FakeSendgridServer().start();
    try {
      const moduleRef = await Test.createTestingModule({
        imports: [
          NotificationModule.forRoot({
            delivery: { enabled: true, retryAttempts: 2, retryBase: 0.01 },
          }),
          MailerModule.forRoot({
            backends: [
              {
                name: 'sg',
                primary: true,
                driver: 'sendgrid',
                fromEmail: 'noreply@herald.test',
                fallbacks: ['audit'],
                sendgrid: { apiKey: sg.apiKey, baseUrl: sg.url },
              },
              { name: 'audit', driver: 'log', fromEmail: 'audit@herald.test' },
            ],
          }),
        ],
      }).compile();
      await moduleRef.init();
      const mailer = moduleRef.get<MailerProtocol>(MAILER);
      expect(mailer).toBeInstanceOf(ReliableMailer);
      expect(moduleRef.get(getMailerToken('sg'))).toBe(mailer);
      sg.failNext(503);
      const result = (await mailer.send({
        to: ['ada@example.com'],
        subject: 'Hi',
        text: 'Hello',
      })) as MailSendResult & { deliveryId: string };
      expect(result.backend).toBe('audit');
      const store = moduleRef.get<DeliveryStore>(DELIVERY_STORE);
      expect(await store.get(result.deliveryId)).toMatchObject({
        status: 'sent',
        channel: 'mail',
        backend: 'audit',
      });
      // Every named token hands out the wrapper; the raw backend did the sending.
      expect(moduleRef.get(getMailerToken('audit'))).toBeInstanceOf(ReliableMailer);
      expect(sg.mails).toHaveLength(0);
      await moduleRef.close();
    } finally {
      await sg.stop();
    }
  });

  it('leaves the backends alone while delivery is disabled (the default)', async () => {
    const moduleRef = await Test.createTestingModule({
      imports: [
        NotificationModule.forRoot({ smsBackends: [twilioBackend('tw-a', a, { primary: true })] }),
      ],
    }).compile();
    expect(moduleRef.get(SMS_CHANNEL)).not.toBeInstanceOf(ReliableSmsChannel);
    expect(moduleRef.get(DeliveryService).mode).toBe('inline');
    await moduleRef.close();
  });

  it('rejects a fallback that names no backend', async () => {
    await expect(
      Test.createTestingModule({
        imports: [
          NotificationModule.forRoot({
            smsBackends: [twilioBackend('tw-a', a, { fallbacks: ['nope'] })],
          }),
        ],
      }).compile(),
    ).rejects.toThrow(/sms_backends\[0\]\.fallbacks\[0\]: "nope" must name another backend/);
  });
});

describe('DeliveryModule with queue bullmq (real Redis)', () => {
  it('runs a worker, registers the health check, and closes gracefully', async () => {
    const checks = new Map<string, HealthCheckFunction>();
    const health = Object.assign(new NoopHealthCheckRegistry(), {
      add: (name: string, check: unknown) => void checks.set(name, check as HealthCheckFunction),
    });
    const queueName = `herald-delivery-module-${process.pid}-${Date.now()}`;
    const moduleRef = await Test.createTestingModule({
      imports: [
        ObservabilityModule,
        DeliveryModule.forRoot({
          enabled: true,
          queue: 'bullmq',
          queueName,
          queuePrefix: 'herald-test',
          backlogThreshold: 5,
        }),
      ],
    })
      .overrideProvider(HEALTH_CHECK_REGISTRY)
      .useValue(health)
      .compile();
    const service = moduleRef.get(DeliveryService);
    const fake = new InMemorySmsChannel();
    service.register('sms', fake);
    await moduleRef.init();
    expect(service.mode).toBe('bullmq');
    const sms = new ReliableSmsChannel(service, [fake.name]);
    const { deliveryId } = await sms.send({
      to: '+15551234567',
      body: 'queued',
      idempotencyKey: 'm-1',
    });
    const store = moduleRef.get<DeliveryStore>(DELIVERY_STORE);
    const deadline = Date.now() + 10_000;
    while ((await store.get(deliveryId))?.status !== 'sent' && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 20));
    }
    expect((await store.get(deliveryId))?.status).toBe('sent');
    expect(fake.sent).toHaveLength(1);
    const check = checks.get('notification.delivery.queue');
    expect(check && (await check())).toMatchObject({ status: 'healthy' });
    const queue = service.queue as BullmqDeliveryQueue;
    await moduleRef.close();
    expect(queue).toBeInstanceOf(BullmqDeliveryQueue);
    const cleanup = new BullmqDeliveryQueue({ queueName, prefix: 'herald-test' });
    await cleanup.queue.waitUntilReady();
    await cleanup.obliterate();
    await cleanup.close();
  });
});

describe('DeliveryModule builder skeleton', () => {
  @Injectable()
  class UsesDelivery {
    constructor(readonly delivery: DeliveryService) {}
  }
  @Module({ providers: [UsesDelivery] })
  class FeatureModule {}

  it('has a readable options token; forRoot keeps a DeliveryConfig as is', async () => {
    expect(DELIVERY_MODULE_OPTIONS).toBe('HERALD_DELIVERY_MODULE_OPTIONS');
    const config = new NotificationConfig({ delivery: { enabled: true, retryAttempts: 3 } })
      .delivery;
    const ref = await Test.createTestingModule({
      imports: [DeliveryModule.forRoot(config)],
    }).compile();
    expect(ref.get(DELIVERY_MODULE_OPTIONS)).toBe(config);
    expect(ref.get(DeliveryService)).toBeInstanceOf(DeliveryService);
    await ref.close();
  });

  it('is not global unless asked: isGlobal in forRoot extras and beside useFactory', async () => {
    expect(DeliveryModule.forRoot().global).toBe(false);
    await expect(
      Test.createTestingModule({ imports: [DeliveryModule.forRoot(), FeatureModule] }).compile(),
    ).rejects.toThrow(/DeliveryService/);
    for (const delivery of [
      DeliveryModule.forRoot({ retryAttempts: 2 }, { isGlobal: true }),
      DeliveryModule.forRootAsync({ useFactory: () => ({ retryAttempts: 2 }), isGlobal: true }),
    ]) {
      expect(delivery.global).toBe(true);
      const ref = await Test.createTestingModule({ imports: [delivery, FeatureModule] }).compile();
      expect(ref.get(UsesDelivery).delivery).toBe(ref.get(DeliveryService));
      await ref.close();
    }
  });
});
