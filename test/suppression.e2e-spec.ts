import { EventEmitter2, EventEmitterModule } from '@nestjs/event-emitter';
import { Test, type TestingModule } from '@nestjs/testing';
import { TypeOrmModule } from '@nestjs/typeorm';
import { generateVAPIDKeys } from 'web-push';
import {
  getPushChannelToken,
  MAILER,
  SMS_CHANNEL,
  type MailerProtocol,
  type PushChannelProtocol,
  type SMSChannelProtocol,
} from '@herald/contracts';
import { ObservabilityModule } from '@herald/observability';
import {
  DeliveryService,
  DeliverySuppressedError,
  MailerModule,
  DELIVERY_UPDATED_EVENT,
  NotificationModule,
  PUSH_TOKEN_DEAD_EVENT,
  SMS_OPT_IN_EVENT,
  SMS_OPT_OUT_EVENT,
  SuppressionModule,
  SuppressionService,
  type PushTokenDeadEvent,
} from '@herald/notification';
import {
  FakeApnsServer,
  FakeFcmServer,
  FakeSendgridServer,
  FakeTwilioServer,
  FakeWebPushServer,
} from '@herald/notification/testing';
import {
  CreateDeliveryRecords1732400000000,
  NOTIFIER_MIGRATIONS,
} from '@herald/notification/typeorm';
import { createPrivateSchema, type PrivateSchema } from './helpers/pg-schema.js';
import { pushBackends, sendgridBackend, twilioBackend } from './helpers/fake-backends.js';
import { memorySqlite } from './helpers/sqlite.js';

let seq = 0;

/** The suppression list on real parts: a migrated database, the fake providers, inline reliable delivery. */
describe.each(['sqlite', 'postgres'] as const)('suppression list on %s (fake providers)', (db) => {
  const vapid = generateVAPIDKeys();
  let twilio: FakeTwilioServer;
  let fcm: FakeFcmServer;
  let apns: FakeApnsServer;
  let webPush: FakeWebPushServer;
  let sendgrid: FakeSendgridServer;
  let app: TestingModule;
  let schema: PrivateSchema | undefined;
  const schemaName = `herald_suppression_test_${process.pid}_${++seq}`;
  const dead: PushTokenDeadEvent[] = [];

  const events = () => app.get(EventEmitter2);
  const sms = () => app.get<SMSChannelProtocol>(SMS_CHANNEL);
  const mailer = () => app.get<MailerProtocol>(MAILER);
  const push = (name: string) => app.get<PushChannelProtocol>(getPushChannelToken(name));
  const suppressions = () => app.get(SuppressionService);
  const recordOf = async (error: unknown) => {
    expect(error).toBeInstanceOf(DeliverySuppressedError);
    return app.get(DeliveryService).engine.store.get((error as DeliverySuppressedError).deliveryId);
  };
  const refusal = (work: Promise<unknown>) =>
    work.then(
      () => {
        throw new Error('the send went through');
      },
      (error: unknown) => error,
    );

  beforeAll(async () => {
    [twilio, fcm, apns, webPush, sendgrid] = await Promise.all([
      new FakeTwilioServer().start(),
      new FakeFcmServer().start(),
      new FakeApnsServer().start(),
      new FakeWebPushServer(vapid.publicKey).start(),
      new FakeSendgridServer().start(),
    ]);
    if (db === 'postgres') {
      schema = await createPrivateSchema(schemaName);
    }
    const database = schema ? schema.options : memorySqlite();
    app = await Test.createTestingModule({
      imports: [
        ObservabilityModule,
        EventEmitterModule.forRoot(),
        TypeOrmModule.forRoot({
          ...database,
          migrations: [CreateDeliveryRecords1732400000000, ...NOTIFIER_MIGRATIONS],
          migrationsRun: true,
        }),
        NotificationModule.forRoot({
          sms_backends: [twilioBackend(twilio)],
          push_backends: pushBackends(fcm, apns, vapid),
          delivery: { enabled: true, queue: 'inline', store: 'database', retry_attempts: 1 },
        }),
        MailerModule.forRoot({ backends: [sendgridBackend(sendgrid)] }),
        SuppressionModule.forRoot({ store: 'database' }),
      ],
    }).compile();
    await app.init();
    events().on(PUSH_TOKEN_DEAD_EVENT, (e: PushTokenDeadEvent) => dead.push(e));
  });

  afterAll(async () => {
    await app?.close();
    await schema?.drop();
    await Promise.all([twilio.stop(), fcm.stop(), apns.stop(), webPush.stop(), sendgrid.stop()]);
  });

  it('SMS STOP suppresses the number (records suppressed, Twilio not called); START lifts it', async () => {
    await events().emitAsync(SMS_OPT_OUT_EVENT, {
      address: '+1 (555) 010-0001',
      provider: 'twilio',
      occurredAt: new Date().toISOString(),
      source: 'inbound',
    });
    const before = twilio.messages.length;
    const error = await refusal(sms().send({ to: '+15550100001', body: 'promo' }));
    const record = await recordOf(error);
    expect(record).toMatchObject({ status: 'suppressed', channel: 'sms', attempts: 0 });
    expect(record?.lastError).toMatch(/^suppressed: sms_stop since .* by twilio:inbound$/);
    expect(twilio.messages.length).toBe(before);

    await events().emitAsync(SMS_OPT_IN_EVENT, { address: '+15550100001', provider: 'twilio' });
    await sms().send({ to: '+15550100001', body: 'welcome back' });
    expect(twilio.messages.at(-1)).toMatchObject({ To: '+15550100001', Body: 'welcome back' });
  });

  it('a send Twilio refuses with 21610 (the number replied STOP) suppresses the number', async () => {
    twilio.unsubscribed.add('+15550100003');
    await expect(sms().send({ to: '+15550100003', body: 'x' })).rejects.toMatchObject({
      providerCode: '21610',
    });
    const page = await suppressions().list({ channel: 'sms', address: '+15550100003' });
    expect(page.entries).toMatchObject([{ reason: 'sms_stop', source: 'twilio:send_error' }]);
    const calls = twilio.messages.length;
    await expect(sms().send({ to: '+15550100003', body: 'y' })).rejects.toBeInstanceOf(
      DeliverySuppressedError,
    );
    expect(twilio.messages.length).toBe(calls);
  });

  it('a hard bounce and a complaint suppress the mail address; a soft bounce does not', async () => {
    const updated = (recipient: string, status: string, extra: Record<string, string> = {}) =>
      events().emitAsync(DELIVERY_UPDATED_EVENT, {
        channel: 'mail',
        provider: 'sendgrid',
        providerMessageId: `m-${recipient}`,
        recipient,
        status,
        previousStatus: 'sent',
        occurredAt: new Date().toISOString(),
        ...extra,
      });
    await updated('Hard@Example.com', 'bounced', {
      reason: '550 5.1.1 no such user',
      category: 'bounce',
    });
    await updated('soft@example.com', 'bounced', {
      reason: '452 4.2.2 mailbox full',
      category: 'blocked',
    });
    await updated('spam@example.com', 'complained');
    await updated('fine@example.com', 'delivered');

    const before = sendgrid.mails.length;
    for (const to of ['hard@example.com', 'SPAM@example.com']) {
      const record = await recordOf(
        await refusal(mailer().send({ to: [to], subject: 'Hi', text: 'x' })),
      );
      expect(record?.status).toBe('suppressed');
    }
    expect(sendgrid.mails.length).toBe(before);
    await mailer().send({ to: ['soft@example.com'], subject: 'Hi', text: 'x' });
    await mailer().send({ to: ['fine@example.com'], subject: 'Hi', text: 'x' });
    expect(sendgrid.mails.length).toBe(before + 2);

    const page = await suppressions().list({ channel: 'mail' });
    expect(page.entries.map((e) => [e.address, e.reason, e.source]).sort()).toEqual([
      ['hard@example.com', 'hard_bounce', 'sendgrid'],
      ['spam@example.com', 'complaint', 'sendgrid'],
    ]);
  });

  it('a mail to several people drops only the suppressed ones', async () => {
    await suppressions().add({ channel: 'mail', address: 'gone@example.com', reason: 'manual' });
    await mailer().send({
      to: ['gone@example.com', 'kept@example.com'],
      subject: 'Team',
      text: 'x',
    });
    const sent = JSON.stringify(sendgrid.mails.at(-1));
    expect(sent).toContain('kept@example.com');
    expect(sent).not.toContain('gone@example.com');
  });

  it('a category entry suppresses only mail of that category (metadata.category)', async () => {
    await suppressions().add({
      channel: 'mail',
      address: 'reader@example.com',
      category: 'newsletter',
      reason: 'unsubscribe',
      source: 'test',
    });
    const news = {
      to: ['reader@example.com'],
      subject: 'News',
      text: 'x',
      metadata: { category: 'newsletter' },
    };
    expect((await recordOf(await refusal(mailer().send(news))))?.status).toBe('suppressed');
    await mailer().send({ ...news, metadata: { category: 'orders' } });
    expect(JSON.stringify(sendgrid.mails.at(-1))).toContain('reader@example.com');
  });

  it('lifting an entry lets sends through again; list pages and filters', async () => {
    const entry = await suppressions().add({
      channel: 'sms',
      address: '+15550100002',
      reason: 'manual',
    });
    await refusal(sms().send({ to: '+15550100002', body: 'x' }));
    const page = await suppressions().list({ channel: 'sms', address: '+1 555 010 0002' });
    expect(page.entries.map((e) => e.id)).toEqual([entry.id]);
    expect((await suppressions().lift(entry.id)).map((e) => e.id)).toEqual([entry.id]);
    await sms().send({ to: '+15550100002', body: 'after lift' });
    expect(twilio.messages.at(-1)).toMatchObject({ To: '+15550100002' });
    expect((await suppressions().list({ channel: 'sms', address: '+15550100002' })).total).toBe(0);
  });

  it('FCM UNREGISTERED, APNs 410 and Web Push 410/404 retire the token: event, then later sends skipped', async () => {
    const subscription = webPush.createSubscription();
    const expired = webPush.createSubscription();
    webPush.expire(expired);
    const unknown = { endpoint: `${webPush.url}/push/never-registered`, keys: subscription.keys };
    const apnsToken = 'a'.repeat(64);
    fcm.deadTokens.add('fcm-gone');
    apns.deadTokens.add(apnsToken);
    const cases: Array<[backend: string, token: string, reason: string]> = [
      ['android', 'fcm-gone', 'UNREGISTERED'],
      ['ios', apnsToken, 'Unregistered'],
      ['web', JSON.stringify(expired), 'HTTP 410'],
      ['web', JSON.stringify(unknown), 'HTTP 404'],
    ];
    for (const [backend, token] of cases) {
      const [result] = await push(backend).sendBatch([{ token, title: 'Hi' }]);
      expect(result).toMatchObject({ success: false, dead: true });
    }
    expect(dead.map((e) => [e.backend, e.reason, e.recordedIn])).toEqual(
      cases.map(([backend, , reason]) => [
        backend,
        expect.stringContaining(reason.split(' ')[0]),
        'suppression',
      ]),
    );
    expect(dead.map((e) => e.token)).toEqual(cases.map(([, token]) => token));

    const fcmCalls = fcm.messages.length;
    const apnsCalls = apns.received.length;
    const webCalls = webPush.received.length;
    for (const [backend, token] of cases) {
      const [result] = await push(backend).sendBatch([{ token, title: 'again' }]);
      expect(result).toMatchObject({ success: false, error: { code: 'suppressed' } });
    }
    expect([fcm.messages.length, apns.received.length, webPush.received.length]).toEqual([
      fcmCalls,
      apnsCalls,
      webCalls,
    ]);
    const live = await push('web').sendBatch([
      { token: JSON.stringify(subscription), title: 'ok' },
    ]);
    expect(live[0]).toMatchObject({ success: true });
    expect(
      (await suppressions().list({ channel: 'push' })).entries.every(
        (e) => e.reason === 'dead_token',
      ),
    ).toBe(true);
  });
});
