import { generateKeyPairSync } from 'node:crypto';
import { Logger } from '@nestjs/common';
import { EventEmitter2 } from '@nestjs/event-emitter';
import {
  DELIVERY_STORE,
  DELIVERY_UPDATED_EVENT,
  Mailable,
  Notification,
  NotifierService,
  SMS_OPT_IN_EVENT,
  SMS_OPT_OUT_EVENT,
  type DeliveryRecord,
  type DeliveryStore,
  type DeliveryUpdatedEvent,
  type SmsOptOutEvent,
} from '@herald/notification';
import { FakeSendgridServer, FakeTwilioServer } from '@herald/notification/testing';
import { until } from './helpers/notifier-app.js';
import { startWebhooksApp, type WebhooksTestApp } from './helpers/webhooks-app.js';

interface User {
  id: string;
  email?: string;
  phone?: string;
}

class OrderShipped extends Notification<User> {
  constructor(readonly order: string) {
    super();
  }
  via(user: User) {
    return user.phone ? ['sms', 'mail'] : ['mail'];
  }
  toSms() {
    return `Order ${this.order} shipped`;
  }
  toMail() {
    return new Mailable().subject(`Order ${this.order}`).text(`Order ${this.order} shipped`);
  }
}

let seq = 0;

describe.each(['sqlite', 'postgres'] as const)(
  'NotificationWebhooksModule on %s (signed callbacks from the fake Twilio and SendGrid)',
  (db) => {
    const twilio = new FakeTwilioServer();
    const sendgrid = new FakeSendgridServer();
    let harness: WebhooksTestApp;
    let notifier: NotifierService;
    let store: DeliveryStore;
    const updates: DeliveryUpdatedEvent[] = [];
    const optOuts: Array<[string, SmsOptOutEvent]> = [];
    const warnings: string[] = [];
    let warnSpy: jest.SpyInstance;

    beforeAll(async () => {
      await twilio.start();
      await sendgrid.start();
      harness = await startWebhooksApp(db, { twilio, sendgrid });
      notifier = harness.app.get(NotifierService);
      store = harness.app.get(DELIVERY_STORE);
      const events = harness.app.get(EventEmitter2);
      events.on(DELIVERY_UPDATED_EVENT, (e: DeliveryUpdatedEvent) => updates.push(e));
      events.on(SMS_OPT_OUT_EVENT, (e: SmsOptOutEvent) => optOuts.push([SMS_OPT_OUT_EVENT, e]));
      events.on(SMS_OPT_IN_EVENT, (e: SmsOptOutEvent) => optOuts.push([SMS_OPT_IN_EVENT, e]));
      warnSpy = jest
        .spyOn(Logger.prototype, 'warn')
        .mockImplementation((message: unknown) => void warnings.push(String(message)));
    });
    afterAll(async () => {
      warnSpy?.mockRestore();
      await harness?.close();
      await Promise.all([twilio.stop(), sendgrid.stop()]);
    });

    /** Notifies a fresh user; answers its SMS and mail records once both are sent. */
    async function send(channels: 'sms+mail' | 'mail' = 'sms+mail') {
      const n = ++seq;
      const user: User = {
        id: `user-${n}`,
        email: `user${n}@example.com`,
        phone: channels === 'sms+mail' ? `+1555000${String(n).padStart(4, '0')}` : undefined,
      };
      const { notificationId } = await notifier.notify(user, new OrderShipped(`O-${n}`));
      let records: DeliveryRecord[] = [];
      await until(async () => {
        records = await notifier.deliveries(notificationId);
        return (
          records.length === (user.phone ? 2 : 1) &&
          records.every((r) => r.status === 'sent' || r.status === 'failed')
        );
      });
      return {
        user,
        notificationId,
        sms: records.find((r) => r.channel === 'sms'),
        mail: records.find((r) => r.channel === 'email')!,
      };
    }

    const statusOf = async (id: string) => (await store.get(id))?.status;

    it('moves an SMS to delivered on a signed Twilio callback and emits notification.delivery.updated once', async () => {
      const { sms, notificationId, user } = await send();
      expect(sms).toMatchObject({ status: 'sent' });
      expect(sms!.providerMessageId).toMatch(/^SM/);
      expect(twilio.messages.at(-1)?.StatusCallback).toBe(`${harness.url}/webhooks/twilio/status`);
      const before = updates.length;
      const answer = await twilio.sendStatusCallback(sms!.providerMessageId!, 'delivered');
      expect(answer.status).toBe(200);
      const record = await store.get(sms!.id);
      expect(record).toMatchObject({ status: 'delivered' });
      expect(record!.providerStatusAt).toBeInstanceOf(Date);
      expect(updates.slice(before)).toEqual([
        expect.objectContaining({
          channel: 'sms',
          provider: 'twilio',
          providerMessageId: sms!.providerMessageId,
          deliveryId: sms!.id,
          notificationId,
          recipient: user.phone,
          status: 'delivered',
          previousStatus: 'sent',
        }),
      ]);
      // the same callback again (Twilio retries): answered, counted once
      expect((await twilio.sendStatusCallback(sms!.providerMessageId!, 'delivered')).status).toBe(
        200,
      );
      // progress statuses and a late, better status change nothing
      expect((await twilio.sendStatusCallback(sms!.providerMessageId!, 'sent')).status).toBe(200);
      expect(updates.length - before).toBe(1);
    });

    it('records undelivered as failed with the Twilio error code, and a later delivered is ignored', async () => {
      const { sms } = await send();
      const sid = sms!.providerMessageId!;
      expect(
        (await twilio.sendStatusCallback(sid, 'undelivered', { errorCode: 30003 })).status,
      ).toBe(200);
      expect(await store.get(sms!.id)).toMatchObject({
        status: 'failed',
        providerReason: 'Twilio error 30003 (undelivered)',
      });
      expect((await twilio.sendStatusCallback(sid, 'delivered')).status).toBe(200);
      expect(await statusOf(sms!.id)).toBe('failed');
    });

    it('moves mail through delivered to complained, and a bounce to bounced (worst wins)', async () => {
      const first = await send('mail');
      const id = first.mail.providerMessageId!;
      expect(sendgrid.messageIds).toContain(id);
      const before = updates.length;
      const answer = await sendgrid.sendEvents([
        sendgrid.event(id, 'processed'),
        sendgrid.event(id, 'delivered'),
        sendgrid.event(id, 'open'),
      ]);
      expect(answer.status).toBe(200);
      expect(JSON.parse(answer.body)).toEqual({ received: 3, updated: 1 });
      expect(await statusOf(first.mail.id)).toBe('delivered');
      await sendgrid.sendEvents([sendgrid.event(id, 'spamreport')]);
      expect(await statusOf(first.mail.id)).toBe('complained');
      expect(updates.slice(before).map((u) => [u.status, u.previousStatus, u.recipient])).toEqual([
        ['delivered', 'sent', first.user.email],
        ['complained', 'delivered', first.user.email],
      ]);

      const second = await send('mail');
      const bounceId = second.mail.providerMessageId!;
      const occurred = Math.floor(Date.now() / 1000) - 30;
      await sendgrid.sendEvents([
        sendgrid.event(bounceId, 'bounce', {
          reason: '550 5.1.1 mailbox unavailable',
          timestamp: occurred,
        }),
      ]);
      const bounced = await store.get(second.mail.id);
      expect(bounced).toMatchObject({
        status: 'bounced',
        providerReason: '550 5.1.1 mailbox unavailable',
      });
      expect(bounced!.providerStatusAt!.getTime()).toBe(occurred * 1000);
      await sendgrid.sendEvents([sendgrid.event(bounceId, 'delivered')]);
      expect(await statusOf(second.mail.id)).toBe('bounced');
    });

    it('counts a replayed SendGrid event once', async () => {
      const { mail } = await send('mail');
      const event = sendgrid.event(mail.providerMessageId!, 'delivered');
      const before = updates.length;
      const first = await sendgrid.sendEvents([event]);
      const replay = await sendgrid.sendEvents([event]);
      expect([first.status, replay.status]).toEqual([200, 200]);
      expect(JSON.parse(replay.body)).toEqual({ received: 1, updated: 0 });
      expect(updates.length - before).toBe(1);
    });

    it('refuses tampered bodies, wrong keys, missing signatures and old timestamps with 403, logging no body', async () => {
      const { sms, mail } = await send();
      const sid = sms!.providerMessageId!;
      const messageId = mail.providerMessageId!;
      const wrongKey = generateKeyPairSync('ec', { namedCurve: 'prime256v1' }).privateKey;
      warnings.length = 0;
      const answers = [
        await twilio.sendStatusCallback(sid, 'delivered', {
          tamperBody: (b) => b.replace('MessageStatus=delivered', 'MessageStatus=failed'),
        }),
        await twilio.sendStatusCallback(sid, 'delivered', { signWith: 'not-the-auth-token' }),
        await twilio.sendStatusCallback(sid, 'delivered', { omitSignature: true }),
        await twilio.sendInboundSms({
          url: `${harness.url}/webhooks/twilio/inbound`,
          from: sms!.recipient,
          to: '+15005550006',
          body: 'STOP',
          signWith: 'not-the-auth-token',
        }),
        await sendgrid.sendEvents([sendgrid.event(messageId, 'delivered')], {
          tamperBody: (b) => b.replace('"delivered"', '"spamreport"'),
        }),
        await sendgrid.sendEvents([sendgrid.event(messageId, 'delivered')], { signWith: wrongKey }),
        await sendgrid.sendEvents([sendgrid.event(messageId, 'delivered')], {
          omitSignature: true,
        }),
        await sendgrid.sendEvents([sendgrid.event(messageId, 'delivered')], {
          timestamp: Math.floor(Date.now() / 1000) - 301,
        }),
      ];
      expect(answers.map((a) => a.status)).toEqual([403, 403, 403, 403, 403, 403, 403, 403]);
      expect(await statusOf(sms!.id)).toBe('sent');
      expect(await statusOf(mail.id)).toBe('sent');
      expect(optOuts.filter(([, e]) => e.address === sms!.recipient)).toEqual([]);
      // refusals are logged once per provider a minute, the rest counted (webhook-context.spec.ts)
      expect(warnings.length).toBeGreaterThanOrEqual(1);
      for (const line of warnings) {
        expect(line).not.toContain(sid);
        expect(line).not.toContain(messageId);
        expect(line).not.toContain(mail.recipient);
      }
    });

    it('answers 200 and ignores an unknown message id', async () => {
      const unknown = 'SM00000000000000000000000000000000';
      const before = updates.length;
      const twilioAnswer = await twilio.sendStatusCallback(unknown, 'delivered', {
        url: `${harness.url}/webhooks/twilio/status`,
      });
      const sendgridAnswer = await sendgrid.sendEvents([
        sendgrid.event('unknownMessageId', 'bounce'),
      ]);
      expect([twilioAnswer.status, sendgridAnswer.status]).toEqual([200, 200]);
      expect(JSON.parse(sendgridAnswer.body)).toEqual({ received: 1, updated: 0 });
      expect(updates.length).toBe(before);
    });

    it('answers 400 to a signed but malformed payload', async () => {
      const status = `${harness.url}/webhooks/twilio/status`;
      const noStatus = await twilio.signedPost(status, { MessageSid: 'SM1', AccountSid: 'AC1' });
      const oddStatus = await twilio.signedPost(status, {
        MessageSid: 'SM1',
        MessageStatus: 'teleported',
      });
      const noFrom = await twilio.signedPost(`${harness.url}/webhooks/twilio/inbound`, {
        MessageSid: 'SM1',
        Body: 'STOP',
      });
      const notEvents = await sendgrid.sendEvents([{ hello: 'world' }]);
      const notArray = await sendgrid.sendEvents({ event: 'delivered' } as unknown as object[]);
      expect([noStatus, oddStatus, noFrom, notEvents, notArray].map((a) => a.status)).toEqual([
        400, 400, 400, 400, 400,
      ]);
      expect(JSON.parse(notEvents.body).message).toMatch(/"event"/);
    });

    it('emits opt-out on STOP and opt-in on START (once per message), and on Twilio 21610 at send', async () => {
      const inbound = `${harness.url}/webhooks/twilio/inbound`;
      const phone = '+15557770001';
      const stop = await twilio.sendInboundSms({
        url: inbound,
        from: phone,
        to: '+15005550006',
        body: ' stop ',
        messageSid: 'SMstop0001',
      });
      expect(stop.status).toBe(200);
      expect(stop.headers['content-type']).toMatch(/text\/xml/);
      expect(stop.body).toContain('<Response>');
      await twilio.sendInboundSms({
        url: inbound,
        from: phone,
        to: '+15005550006',
        body: 'STOP',
        messageSid: 'SMstop0001',
      });
      await twilio.sendInboundSms({ url: inbound, from: phone, to: '+15005550006', body: 'hello' });
      await twilio.sendInboundSms({ url: inbound, from: phone, to: '+15005550006', body: 'START' });
      expect(optOuts.filter(([, e]) => e.address === phone)).toEqual([
        [
          SMS_OPT_OUT_EVENT,
          expect.objectContaining({
            address: phone,
            to: '+15005550006',
            provider: 'twilio',
            source: 'inbound',
            keyword: 'STOP',
            providerMessageId: 'SMstop0001',
          }),
        ],
        [SMS_OPT_IN_EVENT, expect.objectContaining({ address: phone, keyword: 'START' })],
      ]);

      const n = ++seq;
      const blocked = `+1555999${String(n).padStart(4, '0')}`;
      twilio.unsubscribed.add(blocked);
      await notifier.notify({ id: `blocked-${n}`, phone: blocked }, new OrderShipped('X'));
      await until(() => optOuts.some(([, e]) => e.address === blocked));
      expect(optOuts.find(([, e]) => e.address === blocked)).toEqual([
        SMS_OPT_OUT_EVENT,
        expect.objectContaining({ provider: 'twilio', source: 'send_error', backend: 'twilio' }),
      ]);
    });
  },
);
