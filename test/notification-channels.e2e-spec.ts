import type { TestingModule } from '@nestjs/testing';
import { Test } from '@nestjs/testing';
import { generateVAPIDKeys } from 'web-push';
import {
  getMailerToken,
  getPushChannelToken,
  MAILER,
  PUSH_CHANNEL,
  SMS_CHANNEL,
  type MailerProtocol,
  type PushChannelProtocol,
  type SMSChannelProtocol,
} from '@herald/contracts';
import { ObservabilityModule } from '@herald/observability';
import { DeliveryError, Mailable, MailerModule, NotificationModule } from '@herald/notification';
import {
  FakeApnsServer,
  FakeFcmServer,
  FakeSendgridServer,
  FakeTwilioServer,
  FakeWebPushServer,
} from '@herald/notification/testing';
import { pushBackends, sendgridBackend, twilioBackend } from './helpers/fake-backends.js';

/** What a user does: the modules configured in code against the test kit's fake servers. */
describe('NotificationModule + MailerModule against the test kit fakes', () => {
  const vapid = generateVAPIDKeys();
  let twilio: FakeTwilioServer;
  let fcm: FakeFcmServer;
  let apns: FakeApnsServer;
  let webPush: FakeWebPushServer;
  let sendgrid: FakeSendgridServer;
  let app: TestingModule;

  beforeAll(async () => {
    [twilio, fcm, apns, webPush, sendgrid] = await Promise.all([
      new FakeTwilioServer().start(),
      new FakeFcmServer().start(),
      new FakeApnsServer().start(),
      new FakeWebPushServer(vapid.publicKey).start(),
      new FakeSendgridServer().start(),
    ]);
    app = await Test.createTestingModule({
      imports: [
        ObservabilityModule,
        NotificationModule.forRoot({
          sms_backends: [twilioBackend(twilio)],
          push_backends: pushBackends(fcm, apns, vapid),
        }),
        MailerModule.forRoot({ backends: [sendgridBackend(sendgrid)] }),
      ],
    }).compile();
    await app.init();
  });

  afterAll(async () => {
    await app.close();
    await Promise.all([twilio.stop(), fcm.stop(), apns.stop(), webPush.stop(), sendgrid.stop()]);
  });

  it('sends an SMS through the primary binding', async () => {
    const result = await app
      .get<SMSChannelProtocol>(SMS_CHANNEL)
      .send({ to: '+15551234567', body: 'hello' });
    expect(result.backend).toBe('twilio');
    expect(twilio.messages.at(-1)).toEqual({
      To: '+15551234567',
      From: '+15005550006',
      Body: 'hello',
    });
  });

  it('sends push through FCM (primary), APNs and Web Push (named), reporting dead tokens', async () => {
    fcm.deadTokens.add('fcm-dead');
    apns.deadTokens.add('d'.repeat(64));
    const android = await app.get<PushChannelProtocol>(PUSH_CHANNEL).sendBatch([
      { token: 'fcm-live', title: 'a' },
      { token: 'fcm-dead', title: 'a' },
    ]);
    expect(android.map((r) => r.dead ?? false)).toEqual([false, true]);

    const ios = await app.get<PushChannelProtocol>(getPushChannelToken('ios')).sendBatch([
      { token: 'a'.repeat(64), title: 'i' },
      { token: 'd'.repeat(64), title: 'i' },
    ]);
    expect(ios.map((r) => [r.success, r.dead ?? false])).toEqual([
      [true, false],
      [false, true],
    ]);

    const sub = webPush.createSubscription();
    await app
      .get<PushChannelProtocol>(getPushChannelToken('web'))
      .send({ token: JSON.stringify(sub), title: 'w', data: { k: 'v' } });
    expect(webPush.deliveries.at(-1)?.json).toEqual({ title: 'w', data: { k: 'v' } });
  });

  it('sends email through SendGrid; named and primary tokens are the same instance', async () => {
    const mailer = app.get<MailerProtocol>(MAILER);
    expect(app.get(getMailerToken('sendgrid'))).toBe(mailer);
    await mailer.send(
      new Mailable()
        .to('ada@example.com')
        .subject('Hi {{n}}')
        .template({ text: 'Hello {{n}}' }, { n: 'Ada' }),
    );
    expect(sendgrid.mails.at(-1)).toMatchObject({
      subject: 'Hi Ada',
      content: [{ type: 'text/plain', value: 'Hello Ada' }],
    });
    const error = await mailer
      .send({ to: ['ada@example.com'], subject: 'x\r\nBcc: a@b.c', text: 'x' })
      .catch((e) => e);
    expect(error).toBeInstanceOf(DeliveryError);
  });
});
