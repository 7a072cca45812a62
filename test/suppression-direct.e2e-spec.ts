import { EventEmitter2, EventEmitterModule } from '@nestjs/event-emitter';
import { Test, type TestingModule } from '@nestjs/testing';
import { generateVAPIDKeys } from 'web-push';
import {
  MAILER,
  PUSH_CHANNEL,
  SMS_CHANNEL,
  type MailerProtocol,
  type PushChannelProtocol,
  type SMSChannelProtocol,
} from '@herald/contracts';
import {
  DeliverySuppressedError,
  MailerModule,
  NotificationModule,
  PUSH_TOKEN_DEAD_EVENT,
  SMS_BACKEND_REGISTRY,
  SuppressionModule,
  SuppressionService,
  type NamedBackendRegistry,
  type PushTokenDeadEvent,
} from '@herald/notification';
import {
  FakeApnsServer,
  FakeFcmServer,
  FakeSendgridServer,
  FakeTwilioServer,
} from '@herald/notification/testing';
import { pushBackends, sendgridBackend, twilioBackend } from './helpers/fake-backends.js';

const refusal = (work: Promise<unknown>) =>
  work.then(
    () => {
      throw new Error('the send went through');
    },
    (error: unknown) => error,
  );

/** With notification.delivery.enabled: false, direct channel and mailer sends still consult the list. */
describe('suppression list on direct sends (reliable delivery off, fake providers)', () => {
  const vapid = generateVAPIDKeys();
  let twilio: FakeTwilioServer;
  let fcm: FakeFcmServer;
  let apns: FakeApnsServer;
  let sendgrid: FakeSendgridServer;
  let app: TestingModule;
  const dead: PushTokenDeadEvent[] = [];

  const sms = () => app.get<SMSChannelProtocol>(SMS_CHANNEL);
  const push = () => app.get<PushChannelProtocol>(PUSH_CHANNEL);
  const mailer = () => app.get<MailerProtocol>(MAILER);
  const suppressions = () => app.get(SuppressionService);

  beforeAll(async () => {
    [twilio, fcm, apns, sendgrid] = await Promise.all([
      new FakeTwilioServer().start(),
      new FakeFcmServer().start(),
      new FakeApnsServer().start(),
      new FakeSendgridServer().start(),
    ]);
    app = await Test.createTestingModule({
      imports: [
        // imported before the modules whose backends it screens: the order does not matter
        SuppressionModule.forRoot({ store: 'memory' }),
        EventEmitterModule.forRoot(),
        MailerModule.forRoot({ backends: [sendgridBackend(sendgrid)] }),
        NotificationModule.forRoot({
          sms_backends: [twilioBackend(twilio)],
          push_backends: pushBackends(fcm, apns, vapid),
          delivery: { enabled: false },
        }),
      ],
    }).compile();
    await app.init();
    app.get(EventEmitter2).on(PUSH_TOKEN_DEAD_EVENT, (e: PushTokenDeadEvent) => dead.push(e));
  });

  afterAll(async () => {
    await app?.close();
    await Promise.all([twilio.stop(), fcm.stop(), apns.stop(), sendgrid.stop()]);
  });

  it('SMS: a suppressed number rejects with DeliverySuppressedError, Twilio not called; others are sent', async () => {
    await suppressions().add({ channel: 'sms', address: '+15550110001', reason: 'sms_stop' });
    const before = twilio.messages.length;
    const error = await refusal(sms().send({ to: '+1 (555) 011-0001', body: 'promo' }));
    expect(error).toBeInstanceOf(DeliverySuppressedError);
    expect(error).toMatchObject({ reason: 'suppressed', channel: 'sms', backend: 'twilio' });
    expect((error as Error).message).toMatch(/^sms send not made: suppressed: sms_stop since /);
    expect(twilio.messages.length).toBe(before);

    await sms().send({ to: '+15550110002', body: 'hello' });
    expect(twilio.messages.length).toBe(before + 1);
    expect(twilio.messages.at(-1)).toMatchObject({ To: '+15550110002', Body: 'hello' });
  });

  it('SMS: a send Twilio refuses with 21610 suppresses the number for the next send', async () => {
    twilio.unsubscribed.add('+15550110003');
    await expect(sms().send({ to: '+15550110003', body: 'x' })).rejects.toMatchObject({
      providerCode: '21610',
    });
    const page = await suppressions().list({ channel: 'sms', address: '+15550110003' });
    expect(page.entries).toMatchObject([{ reason: 'sms_stop', source: 'twilio:send_error' }]);
    const calls = twilio.messages.length;
    await expect(sms().send({ to: '+15550110003', body: 'y' })).rejects.toBeInstanceOf(
      DeliverySuppressedError,
    );
    expect(twilio.messages.length).toBe(calls);
  });

  it('mail: a suppressed sole recipient rejects, SendGrid not called; several recipients drop only the suppressed', async () => {
    await suppressions().add({
      channel: 'mail',
      address: 'gone@example.com',
      reason: 'hard_bounce',
    });
    const before = sendgrid.mails.length;
    const error = await refusal(
      mailer().send({ to: ['Gone@Example.com'], subject: 'Hi', text: 'x' }),
    );
    expect(error).toBeInstanceOf(DeliverySuppressedError);
    expect(error).toMatchObject({ channel: 'mail', backend: 'sendgrid' });
    expect(sendgrid.mails.length).toBe(before);

    await mailer().send({
      to: ['gone@example.com', 'kept@example.com'],
      cc: ['gone@example.com'],
      subject: 'Team',
      text: 'x',
    });
    expect(sendgrid.mails.length).toBe(before + 1);
    const sent = JSON.stringify(sendgrid.mails.at(-1));
    expect(sent).toContain('kept@example.com');
    expect(sent).not.toContain('gone@example.com');
  });

  it('mail: a category entry suppresses only mail of that category', async () => {
    await suppressions().add({
      channel: 'mail',
      address: 'reader@example.com',
      category: 'newsletter',
      reason: 'unsubscribe',
    });
    const news = {
      to: ['reader@example.com'],
      subject: 'News',
      text: 'x',
      metadata: { category: 'newsletter' },
    };
    await expect(mailer().send(news)).rejects.toBeInstanceOf(DeliverySuppressedError);
    const before = sendgrid.mails.length;
    await mailer().send({ ...news, metadata: { category: 'orders' } });
    expect(sendgrid.mails.length).toBe(before + 1);
    expect(JSON.stringify(sendgrid.mails.at(-1))).toContain('reader@example.com');
  });

  it('push: FCM UNREGISTERED records a dead_token entry; later sends skip FCM; live tokens are sent', async () => {
    fcm.deadTokens.add('fcm-dead-direct');
    await expect(push().send({ token: 'fcm-dead-direct', title: 'Hi' })).rejects.toMatchObject({
      reason: 'dead_token',
    });
    const page = await suppressions().list({ channel: 'push', address: 'fcm-dead-direct' });
    expect(page.entries).toMatchObject([{ reason: 'dead_token' }]);
    expect(dead.at(-1)).toMatchObject({
      token: 'fcm-dead-direct',
      backend: 'android',
      recordedIn: 'suppression',
    });

    const calls = fcm.messages.length;
    const error = await refusal(push().send({ token: 'fcm-dead-direct', title: 'again' }));
    expect(error).toBeInstanceOf(DeliverySuppressedError);
    expect(error).toMatchObject({ channel: 'push', backend: 'android' });
    const [skipped, live] = await push().sendBatch([
      { token: 'fcm-dead-direct', title: 'batch' },
      { token: 'fcm-live-direct', title: 'batch' },
    ]);
    expect(skipped).toMatchObject({ success: false, error: { code: 'suppressed' } });
    expect(live).toMatchObject({ success: true, token: 'fcm-live-direct' });
    expect(fcm.messages.length).toBe(calls + 1);
  });

  it('push: a dead token reported in a sendBatch result is recorded too', async () => {
    fcm.deadTokens.add('fcm-dead-batch');
    const [result] = await push().sendBatch([{ token: 'fcm-dead-batch', title: 'Hi' }]);
    expect(result).toMatchObject({ success: false, dead: true });
    const page = await suppressions().list({ channel: 'push', address: 'fcm-dead-batch' });
    expect(page.entries).toMatchObject([{ reason: 'dead_token' }]);
  });

  it('the registry still owns the raw backend and hands out the screening wrapper', () => {
    const registry = app.get<NamedBackendRegistry<SMSChannelProtocol>>(SMS_BACKEND_REGISTRY);
    expect(registry.get()).not.toBe(registry.raw());
    expect(registry.get()).toBeInstanceOf(registry.raw().constructor);
    expect(sms().name).toBe('twilio');
  });
});

describe('direct sends without SuppressionModule', () => {
  let twilio: FakeTwilioServer;
  let app: TestingModule;

  beforeAll(async () => {
    twilio = await new FakeTwilioServer().start();
    app = await Test.createTestingModule({
      imports: [
        NotificationModule.forRoot({
          sms_backends: [twilioBackend(twilio)],
          delivery: { enabled: false },
        }),
      ],
    }).compile();
    await app.init();
  });

  afterAll(async () => {
    await app?.close();
    await twilio.stop();
  });

  it('hand out the raw backend, unwrapped', async () => {
    const registry = app.get<NamedBackendRegistry<SMSChannelProtocol>>(SMS_BACKEND_REGISTRY);
    expect(app.get(SMS_CHANNEL)).toBe(registry.raw());
    await app.get<SMSChannelProtocol>(SMS_CHANNEL).send({ to: '+15550110009', body: 'x' });
    expect(twilio.messages.at(-1)).toMatchObject({ To: '+15550110009' });
  });
});
