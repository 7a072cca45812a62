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
  twilioSignature,
} from '@herald/notification';
import { FakeSendgridServer, FakeTwilioServer } from '@herald/notification/testing';
import { keepAliveClient } from './helpers/keep-alive-client.js';
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
        mail: records.find((r) => r.channel === 'mail')!,
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
      expect(
        updates.slice(before).map((u) => [u.channel, u.status, u.previousStatus, u.recipient]),
      ).toEqual([
        ['mail', 'delivered', 'sent', first.user.email],
        ['mail', 'complained', 'delivered', first.user.email],
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

    it('answers 400 to a signed but malformed payload, and changes nothing', async () => {
      const { sms, mail } = await send();
      const sid = sms!.providerMessageId!;
      const messageId = mail.providerMessageId!;
      const status = `${harness.url}/webhooks/twilio/status`;
      const inbound = `${harness.url}/webhooks/twilio/inbound`;
      const cases: Array<[string, () => Promise<{ status: number; body: string }>]> = [
        ['twilio: no MessageStatus', () => twilio.signedPost(status, { MessageSid: sid })],
        [
          'twilio: unknown MessageStatus',
          () => twilio.signedPost(status, { MessageSid: sid, MessageStatus: 'teleported' }),
        ],
        ...['__proto__', 'toString', 'constructor', 'hasOwnProperty'].map(
          (name): [string, () => Promise<{ status: number; body: string }>] => [
            `twilio: MessageStatus=${name}`,
            () => twilio.signedPost(status, { MessageSid: sid, MessageStatus: name }),
          ],
        ),
        [
          'twilio: NUL in MessageSid',
          () =>
            twilio.signedPost(status, { MessageSid: `${sid}\u0000`, MessageStatus: 'delivered' }),
        ],
        [
          'twilio: NUL in ErrorCode',
          () =>
            twilio.signedPost(status, {
              MessageSid: sid,
              MessageStatus: 'undelivered',
              ErrorCode: '300\u000003',
            }),
        ],
        [
          'twilio: control character in ErrorCode',
          () =>
            twilio.signedPost(status, {
              MessageSid: sid,
              MessageStatus: 'failed',
              ErrorCode: '30003\u001b[2J',
            }),
        ],
        [
          'twilio: 2,000-character MessageSid',
          () =>
            twilio.signedPost(status, { MessageSid: 'S'.repeat(2000), MessageStatus: 'delivered' }),
        ],
        [
          'twilio inbound: no From',
          () => twilio.signedPost(inbound, { MessageSid: 'SM1', Body: 'STOP' }),
        ],
        [
          'twilio inbound: NUL in From',
          () =>
            twilio.signedPost(inbound, {
              MessageSid: 'SM1',
              From: '+1555\u00000001',
              Body: 'STOP',
            }),
        ],
        ['sendgrid: no event name', () => sendgrid.sendEvents([{ hello: 'world' }])],
        [
          'sendgrid: not an array',
          () => sendgrid.sendEvents({ event: 'delivered' } as unknown as object[]),
        ],
        [
          'sendgrid: NUL in sg_message_id',
          () =>
            sendgrid.sendEvents([
              sendgrid.event(messageId, 'bounce', { sg_message_id: `${messageId}\u0000.filter` }),
            ]),
        ],
        [
          'sendgrid: NUL in reason',
          () =>
            sendgrid.sendEvents([
              sendgrid.event(messageId, 'bounce', { reason: '550\u0000 gone' }),
            ]),
        ],
        [
          'sendgrid: timestamp 1e20',
          () => sendgrid.sendEvents([sendgrid.event(messageId, 'bounce', { timestamp: 1e20 })]),
        ],
        [
          'sendgrid: timestamp -1e15',
          () => sendgrid.sendEvents([sendgrid.event(messageId, 'bounce', { timestamp: -1e15 })]),
        ],
        [
          'sendgrid: timestamp as text',
          () => sendgrid.sendEvents([sendgrid.event(messageId, 'bounce', { timestamp: 'soon' })]),
        ],
        [
          'sendgrid: reason not a string',
          () => sendgrid.sendEvents([sendgrid.event(messageId, 'bounce', { reason: { a: 1 } })]),
        ],
      ];
      for (const [name, call] of cases) {
        const answer = await call();
        expect([name, answer.status]).toEqual([name, 400]);
        expect(answer.body).not.toMatch(/\bat [\w.]+ \(/); // no stack trace
      }
      expect(await statusOf(sms!.id)).toBe('sent');
      expect(await statusOf(mail.id)).toBe('sent');
      const notEvents = await sendgrid.sendEvents([{ hello: 'world' }]);
      expect(JSON.parse(notEvents.body).message).toMatch(/"event"/);
      const proto = await twilio.signedPost(status, {
        MessageSid: sid,
        MessageStatus: '__proto__',
      });
      expect(JSON.parse(proto.body).message).toMatch(/unknown MessageStatus "__proto__"/);
      const late = await sendgrid.sendEvents([
        sendgrid.event(messageId, 'bounce', { timestamp: 1e20 }),
      ]);
      expect(JSON.parse(late.body).message).toMatch(/event 0: "timestamp" must be Unix seconds/);
    });

    it('cuts an overlong ErrorCode or reason to 1,000 characters', async () => {
      const { sms, mail } = await send();
      const long = '3'.repeat(20_000);
      const twilioAnswer = await twilio.sendStatusCallback(sms!.providerMessageId!, 'undelivered', {
        errorCode: long,
      });
      expect(twilioAnswer.status).toBe(200);
      expect((await store.get(sms!.id))?.providerReason).toBe(
        `Twilio error ${'3'.repeat(1000)} (undelivered)`,
      );
      const answer = await sendgrid.sendEvents([
        sendgrid.event(mail.providerMessageId!, 'bounce', { reason: 'r'.repeat(20_000) }),
      ]);
      expect(answer.status).toBe(200);
      expect((await store.get(mail.id))?.providerReason).toBe('r'.repeat(1000));
    });

    it('accepts a validly signed 301 KB SendGrid batch under the documented setup (rawBody: true, default 100 kB JSON limit)', async () => {
      const { mail } = await send('mail');
      const events = [sendgrid.event(mail.providerMessageId!, 'delivered')];
      let size = JSON.stringify(events).length;
      while (size < 301 * 1024) {
        const event = sendgrid.event(`other${events.length}`, 'open');
        events.push(event);
        size += JSON.stringify(event).length + 1;
      }
      expect(JSON.stringify(events).length).toBeGreaterThanOrEqual(301 * 1024);
      const answer = await sendgrid.sendEvents(events);
      expect(answer.status).toBe(200);
      expect(JSON.parse(answer.body)).toEqual({ received: events.length, updated: 1 });
      expect(await statusOf(mail.id)).toBe('delivered');
    });

    it('answers 413 to an oversized body of any type on every route, stating the cause, on a connection that stays usable', async () => {
      const errors = jest.spyOn(Logger.prototype, 'error').mockImplementation(() => undefined);
      const client = keepAliveClient();
      const big = Buffer.alloc(6 * 1024 * 1024, 'a');
      const signatures = {
        'x-twilio-signature': 'c2lnbmF0dXJl',
        'x-twilio-email-event-webhook-signature': 'c2lnbmF0dXJl',
        'x-twilio-email-event-webhook-timestamp': String(Math.floor(Date.now() / 1000)),
      };
      warnings.length = 0;
      try {
        const connections = new Set<number>();
        for (const route of ['sendgrid/events', 'twilio/status', 'twilio/inbound'])
          for (const type of [
            'text/plain',
            'application/octet-stream',
            'multipart/form-data; boundary=x',
            route.startsWith('sendgrid') ? 'application/json' : 'application/x-www-form-urlencoded',
          ]) {
            const answer = await client.send(`${harness.url}/webhooks/${route}`, {
              headers: { ...signatures, 'content-type': type },
              body: big,
            });
            expect([route, type, answer.status]).toEqual([route, type, 413]);
            expect(JSON.parse(answer.body).message).toContain('over the limit of 5242880 bytes');
            // the same keep-alive connection answers the next request normally
            const next = await client.send(`${harness.url}/webhooks/twilio/status`, {
              headers: { 'content-type': 'application/x-www-form-urlencoded' },
              body: 'MessageSid=SM1&MessageStatus=sent',
            });
            expect([route, type, next.status]).toEqual([route, type, 403]);
            connections.add(answer.connection).add(next.connection);
          }
        expect([...connections]).toEqual([1]);
      } finally {
        client.close();
        errors.mockRestore();
      }
      expect(warnings.filter((w) => w.includes('refused (413)')).length).toBe(12);
      expect(warnings.join('\n')).not.toContain('rawBody');
      expect(errors).not.toHaveBeenCalled();
    });

    it('refuses (403) a Twilio callback signed for another host and replayed with X-Forwarded-Host', async () => {
      const { sms } = await send();
      const form = { MessageSid: sms!.providerMessageId!, MessageStatus: 'delivered' };
      const body = new URLSearchParams(form).toString();
      const answer = await fetch(`${harness.url}/webhooks/twilio/status`, {
        method: 'POST',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          'x-forwarded-host': 'evil.example',
          'x-forwarded-proto': 'https',
          'x-twilio-signature': twilioSignature(
            twilio.authToken,
            'https://evil.example/webhooks/twilio/status',
            form,
          ),
        },
        body,
      });
      expect(answer.status).toBe(403);
      expect(await statusOf(sms!.id)).toBe('sent');
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
