import { generateKeyPairSync } from 'node:crypto';
import {
  Mailable,
  Notification,
  NotifierService,
  SuppressionModule,
  SuppressionService,
  type DeliveryRecord,
} from '@herald/notification';
import { FakeSendgridServer, FakeSesServer, FakeTwilioServer } from '@herald/notification/testing';
import { until } from './helpers/notifier-app.js';
import { startWebhooksApp, type WebhooksTestApp } from './helpers/webhooks-app.js';

interface User {
  id: string;
  email: string;
  phone: string;
}

class Receipt extends Notification<User> {
  constructor(readonly n: string) {
    super();
  }
  via() {
    return ['mail'];
  }
  toMail() {
    return new Mailable().subject(`Receipt ${this.n}`).text(`Receipt ${this.n}`);
  }
}

let seq = 0;

/**
 * Amazon SES over the wire: the `ses` driver sends through the fake SES v2
 * (SigV4 checked), the fake SNS posts signed SES events to
 * `webhooks/ses/events`, the delivery record moves and the suppression list
 * follows; every forged, stale, replayed or foreign message is refused.
 */
describe('SES mail and its SNS feedback loop', () => {
  const twilio = new FakeTwilioServer();
  const sendgrid = new FakeSendgridServer();
  const ses = new FakeSesServer();
  let harness: WebhooksTestApp;
  let notifier: NotifierService;
  let suppressions: SuppressionService;

  beforeAll(async () => {
    await Promise.all([twilio.start(), sendgrid.start(), ses.start()]);
    harness = await startWebhooksApp('sqlite', { twilio, sendgrid, ses }, {}, [
      SuppressionModule.forRoot({ store: 'database' }),
    ]);
    notifier = harness.app.get(NotifierService);
    suppressions = harness.app.get(SuppressionService);
  });
  afterAll(async () => {
    await harness?.close();
    await Promise.all([twilio.stop(), sendgrid.stop(), ses.stop()]);
  });

  const user = (): User => {
    const n = ++seq;
    return { id: `ses-${n}`, email: `Ses${n}@Example.com`, phone: `+1555400${n}` };
  };

  async function send(to: User): Promise<DeliveryRecord> {
    const { notificationId } = await notifier.notify(to, new Receipt(String(seq)));
    let record: DeliveryRecord | undefined;
    await until(async () => {
      [record] = await notifier.deliveries(notificationId);
      return record !== undefined && record.status !== 'sending' && record.status !== 'queued';
    });
    return record!;
  }

  async function statusOf(record: DeliveryRecord): Promise<string> {
    const [now] = await notifier.deliveries(record.notificationId!);
    return now.status;
  }

  it('sends through SES: the record carries the SES MessageId', async () => {
    const record = await send(user());
    expect(record.status).toBe('sent');
    expect(ses.messageIds).toContain(record.providerMessageId);
    expect(ses.mails.at(-1)).toMatchObject({ ConfigurationSetName: 'herald-events' });
  });

  it('confirms the SNS subscription by GETting SubscribeURL', async () => {
    const answer = await ses.sendSubscriptionConfirmation();
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body)).toEqual({ type: 'SubscriptionConfirmation', confirmed: true });
    expect([...ses.confirmations.values()]).toEqual([1]);
  });

  it('a Permanent bounce (SignatureVersion 1) marks the record bounced and suppresses the address', async () => {
    const ada = user();
    const record = await send(ada);
    const answer = await ses.sendNotification(ses.event(record.providerMessageId!, 'Bounce'), {
      signatureVersion: '1',
    });
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body)).toEqual({ type: 'Notification', updated: true });
    expect(await statusOf(record)).toBe('bounced');
    await until(
      async () => (await suppressions.check({ channel: 'mail', address: ada.email })) !== undefined,
    );
    const { entries } = await suppressions.list({ channel: 'mail', address: ada.email });
    expect(entries).toEqual([expect.objectContaining({ reason: 'hard_bounce', source: 'ses' })]);
    const mailsBefore = ses.mails.length;
    expect((await send(ada)).status).toBe('suppressed');
    expect(ses.mails.length).toBe(mailsBefore);
  });

  it('a Transient bounce records bounced only; a complaint then suppresses', async () => {
    const bob = user();
    const record = await send(bob);
    await ses.sendNotification(
      ses.event(record.providerMessageId!, 'Bounce', {
        bounceType: 'Transient',
        bounceSubType: 'MailboxFull',
      }),
    );
    expect(await statusOf(record)).toBe('bounced');
    expect(await suppressions.check({ channel: 'mail', address: bob.email })).toBeUndefined();
    const answer = await ses.sendNotification(ses.event(record.providerMessageId!, 'Complaint'));
    expect(JSON.parse(answer.body)).toEqual({ type: 'Notification', updated: true });
    expect(await statusOf(record)).toBe('complained');
    await until(
      async () => (await suppressions.check({ channel: 'mail', address: bob.email })) !== undefined,
    );
    const { entries } = await suppressions.list({ channel: 'mail', address: bob.email });
    expect(entries).toEqual([expect.objectContaining({ reason: 'complaint' })]);
  });

  it('Delivery marks delivered; Reject and Rendering Failure mark failed', async () => {
    const delivered = await send(user());
    await ses.sendNotification(ses.event(delivered.providerMessageId!, 'Delivery'));
    expect(await statusOf(delivered)).toBe('delivered');
    for (const type of ['Reject', 'Rendering Failure'] as const) {
      const record = await send(user());
      const answer = await ses.sendNotification(ses.event(record.providerMessageId!, type));
      expect(answer.status).toBe(200);
      expect(await statusOf(record)).toBe('failed');
    }
  });

  describe('refuses with 403 and changes nothing', () => {
    let record: DeliveryRecord;
    let email: string;
    const bounce = () => ses.event(record.providerMessageId!, 'Bounce');
    beforeAll(async () => {
      const eve = user();
      email = eve.email;
      record = await send(eve);
    });
    afterEach(async () => {
      expect(await statusOf(record)).toBe('sent');
      expect(await suppressions.check({ channel: 'mail', address: email })).toBeUndefined();
    });

    it.each([
      [
        'a signature by another key',
        () => ({ signWith: generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey }),
      ],
      [
        'a message changed after signing',
        () => ({ tamperBody: (b: string) => b.replace('Permanent', 'Permanenu') }),
      ],
      ['no signature', () => ({ omitSignature: true })],
      [
        'a certificate URL on a host not allowed',
        () => ({ signingCertUrl: 'https://sns.evil.example.com/SimpleNotificationService-x.pem' }),
      ],
      [
        'a certificate URL over http',
        () => ({ signingCertUrl: ses.signingCertUrl.replace('https:', 'http:') }),
      ],
      [
        'a certificate URL that is not a .pem',
        () => ({ signingCertUrl: `${ses.snsUrl}/cert.txt` }),
      ],
      [
        'a Timestamp two hours old',
        () => ({ timestamp: new Date(Date.now() - 7200_000).toISOString() }),
      ],
      [
        'a topic not configured',
        () => ({ topicArn: 'arn:aws:sns:us-east-1:123456789012:someone-else' }),
      ],
      [
        'SignatureVersion 3',
        () => ({
          tamperBody: (b: string) => b.replace('"SignatureVersion":"2"', '"SignatureVersion":"3"'),
        }),
      ],
    ])('%s', async (_name, options) => {
      const answer = await ses.sendNotification(bounce(), options());
      expect(answer.status).toBe(403);
    });

    it('a replayed MessageId', async () => {
      const messageId = `replay-${Date.now()}`;
      const first = await ses.sendNotification(ses.event('unknown-message', 'Delivery'), {
        messageId,
      });
      expect(first.status).toBe(200);
      const again = await ses.sendNotification(bounce(), { messageId });
      expect(again.status).toBe(403);
    });

    it('a SubscribeURL on a host not allowed (nothing is fetched)', async () => {
      const before = ses.confirmations.size;
      const answer = await ses.sendSubscriptionConfirmation();
      expect(answer.status).toBe(200);
      // validly signed, yet pointing elsewhere: refused before any request
      const forged = await ses.sendSubscriptionConfirmation({
        subscribeUrl: 'https://attacker.example.com/?Action=ConfirmSubscription&Token=x',
      });
      expect(forged.status).toBe(403);
      expect(ses.confirmations.size).toBe(before + 1);
    });
  });

  it.each([
    ['not JSON', '{"Type":'],
    ['a JSON array', '[]'],
    ['an unknown Type', '{"Type":"Other"}'],
    ['a Notification without MessageId', '{"Type":"Notification","TopicArn":"x","Message":"{}"}'],
  ])('answers 400 to a malformed body: %s', async (_name, body) => {
    const response = await fetch(ses.notificationUrl!, {
      method: 'POST',
      headers: { 'content-type': 'text/plain; charset=UTF-8' },
      body,
    });
    expect(response.status).toBe(400);
  });

  it('answers 400 to a signed notification whose Message is not an SES event', async () => {
    const answer = await ses.sendNotification({ eventType: 'Bounce' });
    expect(answer.status).toBe(400);
    expect(answer.body).toContain('mail');
  });
});
