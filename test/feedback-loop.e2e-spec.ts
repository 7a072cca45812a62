import { generateKeyPairSync } from 'node:crypto';
import {
  Mailable,
  Notification,
  NotifierService,
  SuppressionModule,
  SuppressionService,
  type DeliveryRecord,
} from '@herald/notification';
import { FakeSendgridServer, FakeTwilioServer } from '@herald/notification/testing';
import { until } from './helpers/notifier-app.js';
import { startWebhooksApp, type WebhooksTestApp } from './helpers/webhooks-app.js';

interface User {
  id: string;
  email: string;
  phone: string;
}

class Newsletter extends Notification<User> {
  override readonly category = 'news';
  constructor(readonly issue: string) {
    super();
  }
  via() {
    return ['sms', 'mail'];
  }
  toSms() {
    return `Issue ${this.issue} is out`;
  }
  toMail() {
    return new Mailable().subject(`Issue ${this.issue}`).text(`Issue ${this.issue} is out`);
  }
}

let seq = 0;

/**
 * The whole loop over the wire: the fake providers post signed callbacks to
 * NotificationWebhooksModule, its events put the address on the suppression
 * list, and the next notify() records the delivery `suppressed` without
 * calling the provider; START lifts the SMS entry again.
 */
describe.each(['sqlite', 'postgres'] as const)(
  'provider feedback → suppression list → next send, on %s',
  (db) => {
    const twilio = new FakeTwilioServer();
    const sendgrid = new FakeSendgridServer();
    let harness: WebhooksTestApp;
    let notifier: NotifierService;
    let suppressions: SuppressionService;

    beforeAll(async () => {
      await twilio.start();
      await sendgrid.start();
      harness = await startWebhooksApp(db, { twilio, sendgrid }, {}, [
        SuppressionModule.forRoot({ store: 'database' }),
      ]);
      notifier = harness.app.get(NotifierService);
      suppressions = harness.app.get(SuppressionService);
    });
    afterAll(async () => {
      await harness?.close();
      await Promise.all([twilio.stop(), sendgrid.stop()]);
    });

    const inbound = () => `${harness.url}/webhooks/twilio/inbound`;
    const user = (): User => {
      const n = ++seq;
      return {
        id: `loop-${n}`,
        email: `Loop${n}@Example.com`,
        phone: `+1555300${String(n).padStart(4, '0')}`,
      };
    };

    async function notify(to: User, issue: string) {
      const { notificationId } = await notifier.notify(to, new Newsletter(issue));
      let records: DeliveryRecord[] = [];
      await until(async () => {
        records = await notifier.deliveries(notificationId);
        return (
          records.length === 2 &&
          records.every((r) => ['sent', 'failed', 'suppressed'].includes(r.status))
        );
      });
      return {
        sms: records.find((r) => r.channel === 'sms')!,
        mail: records.find((r) => r.channel === 'mail')!,
      };
    }

    it('a hard bounce from SendGrid suppresses the address: the next mail is not sent', async () => {
      const ada = user();
      const first = await notify(ada, '1');
      expect(first.mail.status).toBe('sent');
      const answer = await sendgrid.sendEvents([
        sendgrid.event(first.mail.providerMessageId!, 'bounce', {
          reason: '550 5.1.1 mailbox unavailable',
        }),
      ]);
      expect(answer.status).toBe(200);
      await until(
        async () =>
          (await suppressions.check({ channel: 'mail', address: ada.email })) !== undefined,
      );
      const { entries } = await suppressions.list({ channel: 'mail', address: ada.email });
      expect(entries).toEqual([
        expect.objectContaining({
          address: ada.email.toLowerCase(),
          reason: 'hard_bounce',
          source: 'sendgrid',
        }),
      ]);

      const mailsBefore = sendgrid.mails.length;
      const second = await notify(ada, '2');
      expect(second.mail.status).toBe('suppressed');
      expect(second.sms.status).toBe('sent'); // the phone number is not on the list
      expect(sendgrid.mails.length).toBe(mailsBefore);
    });

    it('a spam complaint suppresses the address too; a soft (blocked) bounce does not', async () => {
      const bob = user();
      const first = await notify(bob, '1');
      await sendgrid.sendEvents([sendgrid.event(first.mail.providerMessageId!, 'spamreport')]);
      await until(
        async () =>
          (await suppressions.check({ channel: 'mail', address: bob.email })) !== undefined,
      );
      expect((await notify(bob, '2')).mail.status).toBe('suppressed');

      const cid = user();
      const blocked = await notify(cid, '1');
      await sendgrid.sendEvents([
        sendgrid.event(blocked.mail.providerMessageId!, 'bounce', {
          type: 'blocked',
          reason: '421 try again later',
        }),
      ]);
      expect((await notify(cid, '2')).mail.status).toBe('sent');
      expect(await suppressions.check({ channel: 'mail', address: cid.email })).toBeUndefined();
    });

    it('a complaint after a bounce or a failure is still recorded and suppresses the address', async () => {
      for (const first of [
        { type: 'blocked', reason: '421 try again later' }, // bounce/blocked → failed
        { type: 'bounce', reason: '452 4.2.2 mailbox full' }, // soft bounce → bounced
      ]) {
        const dan = user();
        const sent = await notify(dan, '1');
        await sendgrid.sendEvents([sendgrid.event(sent.mail.providerMessageId!, 'bounce', first)]);
        expect(await suppressions.check({ channel: 'mail', address: dan.email })).toBeUndefined();
        const answer = await sendgrid.sendEvents([
          sendgrid.event(sent.mail.providerMessageId!, 'spamreport'),
        ]);
        expect(JSON.parse(answer.body)).toEqual({ received: 1, updated: 1 });
        await until(
          async () =>
            (await suppressions.check({ channel: 'mail', address: dan.email })) !== undefined,
        );
        const { entries } = await suppressions.list({ channel: 'mail', address: dan.email });
        expect(entries).toEqual([expect.objectContaining({ reason: 'complaint' })]);
        expect((await notify(dan, '2')).mail.status).toBe('suppressed');
      }
    });

    it('an inbound STOP suppresses the number; START lifts it', async () => {
      const dee = user();
      expect((await notify(dee, '1')).sms.status).toBe('sent');
      expect(
        (
          await twilio.sendInboundSms({
            url: inbound(),
            from: dee.phone,
            to: '+15005550006',
            body: 'STOP',
          })
        ).status,
      ).toBe(200);
      await until(
        async () =>
          (await suppressions.check({ channel: 'sms', address: dee.phone })) !== undefined,
      );
      const smsBefore = twilio.messages.length;
      const stopped = await notify(dee, '2');
      expect(stopped.sms.status).toBe('suppressed');
      expect(stopped.mail.status).toBe('sent');
      expect(twilio.messages.length).toBe(smsBefore);

      await twilio.sendInboundSms({
        url: inbound(),
        from: dee.phone,
        to: '+15005550006',
        body: 'START',
      });
      await until(
        async () =>
          (await suppressions.check({ channel: 'sms', address: dee.phone })) === undefined,
      );
      expect((await notify(dee, '3')).sms.status).toBe('sent');
    });

    it('a forged bounce (wrong key) is refused with 403 and suppresses nothing', async () => {
      const eve = user();
      const first = await notify(eve, '1');
      const answer = await sendgrid.sendEvents(
        [sendgrid.event(first.mail.providerMessageId!, 'bounce', { reason: '550 no such user' })],
        { signWith: generateKeyPairSync('ec', { namedCurve: 'prime256v1' }).privateKey },
      );
      expect(answer.status).toBe(403);
      expect(await suppressions.check({ channel: 'mail', address: eve.email })).toBeUndefined();
    });
  },
);
