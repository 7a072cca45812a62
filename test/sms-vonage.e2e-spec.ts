import { Logger } from '@nestjs/common';
import { EventEmitter2 } from '@nestjs/event-emitter';
import type { VonageSignatureMethod } from '@herald/contracts';
import {
  DELIVERY_STORE,
  DELIVERY_UPDATED_EVENT,
  Notification,
  NotifierService,
  type DeliveryRecord,
  type DeliveryStore,
  type DeliveryUpdatedEvent,
} from '@herald/notification';
import { FakeVonageServer } from '@herald/notification/testing';
import { until } from './helpers/notifier-app.js';
import { startVonageApp, type VonageTestApp } from './helpers/vonage-app.js';

interface User {
  id: string;
  phone: string;
}

class CodeSent extends Notification<User> {
  constructor(readonly text: string) {
    super();
  }
  via() {
    return ['sms'];
  }
  toSms() {
    return this.text;
  }
}

let seq = 0;

describe.each([
  ['sha256', false],
  ['md5hash', true],
] as Array<[VonageSignatureMethod, boolean]>)(
  'Vonage SMS over the wire, DLRs signed with %s (requests signed: %s)',
  (method, signRequests) => {
    const vonage = new FakeVonageServer({ signatureMethod: method });
    let harness: VonageTestApp;
    let notifier: NotifierService;
    let store: DeliveryStore;
    const updates: DeliveryUpdatedEvent[] = [];
    const warnings: string[] = [];
    let warnSpy: jest.SpyInstance;

    beforeAll(async () => {
      await vonage.start();
      harness = await startVonageApp(vonage, { signRequests });
      notifier = harness.app.get(NotifierService);
      store = harness.app.get(DELIVERY_STORE);
      harness.app
        .get(EventEmitter2)
        .on(DELIVERY_UPDATED_EVENT, (e: DeliveryUpdatedEvent) => updates.push(e));
      warnSpy = jest
        .spyOn(Logger.prototype, 'warn')
        .mockImplementation((message: unknown) => void warnings.push(String(message)));
    });
    afterAll(async () => {
      warnSpy?.mockRestore();
      await harness?.close();
      await vonage.stop();
    });

    /** Notifies a fresh user by SMS; answers the record once it left. */
    async function send(text = 'Your code is 123456') {
      const user: User = { id: `u-${++seq}`, phone: `+4477009${String(seq).padStart(5, '0')}` };
      const { notificationId } = await notifier.notify(user, new CodeSent(text));
      let records: DeliveryRecord[] = [];
      await until(async () => {
        records = await notifier.deliveries(notificationId);
        return records.length === 1 && ['sent', 'failed'].includes(records[0].status);
      });
      return { user, record: records[0] };
    }
    const statusOf = async (id: string) => (await store.get(id))?.status;

    it('sends through the SMS API and moves the record to delivered on a signed DLR', async () => {
      const { record, user } = await send();
      expect(record).toMatchObject({ status: 'sent', backend: 'vonage' });
      const sent = vonage.messages.at(-1)!;
      expect(sent).toMatchObject({
        to: user.phone.slice(1),
        from: 'Herald',
        callback: `${harness.url}/webhooks/vonage/dlr`,
      });
      expect(signRequests ? sent.sig : sent.api_secret).toBeTruthy();
      const before = updates.length;
      const answer = await vonage.sendDeliveryReceipt(record.providerMessageId!, 'delivered');
      expect(answer.status).toBe(200);
      expect(await store.get(record.id)).toMatchObject({ status: 'delivered' });
      expect(updates.slice(before)).toEqual([
        expect.objectContaining({ channel: 'sms', provider: 'vonage', status: 'delivered' }),
      ]);
    });

    it('refuses the same receipt again (messageId + status replayed) with 403', async () => {
      const { record } = await send();
      const id = record.providerMessageId!;
      expect((await vonage.sendDeliveryReceipt(id, 'accepted')).status).toBe(200);
      expect((await vonage.sendDeliveryReceipt(id, 'accepted')).status).toBe(403);
      expect((await vonage.sendDeliveryReceipt(id, 'delivered', { json: true })).status).toBe(200);
      const before = updates.length;
      expect((await vonage.sendDeliveryReceipt(id, 'delivered')).status).toBe(403);
      expect(updates.length).toBe(before);
      expect(await statusOf(record.id)).toBe('delivered');
    });

    it('records failed with the err-code like Twilio undelivered; rejected and expired fail too', async () => {
      const unreachable = await send();
      expect(
        (
          await vonage.sendDeliveryReceipt(unreachable.record.providerMessageId!, 'failed', {
            errCode: 12,
          })
        ).status,
      ).toBe(200);
      expect(await store.get(unreachable.record.id)).toMatchObject({
        status: 'failed',
        providerReason: 'Vonage error 12 (failed)',
      });
      for (const status of ['rejected', 'expired'] as const) {
        const { record } = await send();
        await vonage.sendDeliveryReceipt(record.providerMessageId!, status, { errCode: 6 });
        expect(await store.get(record.id)).toMatchObject({
          status: 'failed',
          providerReason: `Vonage error 6 (${status})`,
        });
      }
    });

    it('refuses forged, unsigned, tampered and old receipts with 403 and leaves the record', async () => {
      const { record } = await send();
      const id = record.providerMessageId!;
      const answers = [
        await vonage.sendDeliveryReceipt(id, 'failed', { signWith: 'not-the-secret' }),
        await vonage.sendDeliveryReceipt(id, 'failed', { omitSignature: true }),
        await vonage.sendDeliveryReceipt(id, 'failed', {
          tamperBody: (body) => body.replace('status=failed', 'status=delivered'),
        }),
        await vonage.sendDeliveryReceipt(id, 'failed', {
          timestamp: Math.floor(Date.now() / 1000) - 3600,
        }),
      ];
      expect(answers.map((a) => a.status)).toEqual([403, 403, 403, 403]);
      expect(answers[0].body).not.toContain(vonage.signatureSecret);
      expect(await statusOf(record.id)).toBe('sent');
      expect(warnings.join('\n')).toContain('Vonage webhook refused (403)');
      expect(warnings.join('\n')).not.toContain(vonage.signatureSecret);
      // a refused receipt was not remembered: the genuine one still applies
      expect((await vonage.sendDeliveryReceipt(id, 'failed')).status).toBe(200);
    });

    it('answers 400 to signed receipts that are malformed, 200 to an unknown messageId', async () => {
      const dlr = `${harness.url}/webhooks/vonage/dlr`;
      const { record } = await send();
      const id = record.providerMessageId!;
      const cases: Array<[Record<string, string>, number]> = [
        [{ status: 'delivered' }, 400],
        [{ messageId: id }, 400],
        [{ messageId: id, status: 'teleported' }, 400],
        [{ messageId: id, status: '__proto__' }, 400],
        [{ messageId: `${id}\u0000`, status: 'delivered' }, 400],
        [{ messageId: id, status: 'failed', 'err-code': '1\u00002' }, 400],
        [{ messageId: 'X'.repeat(2000), status: 'delivered' }, 400],
        [{ messageId: 'UNKNOWN0000', status: 'delivered' }, 200],
      ];
      const statuses = [];
      for (const [fields] of cases) statuses.push((await vonage.signedPost(dlr, fields)).status);
      expect(statuses).toEqual(cases.map(([, expected]) => expected));
      expect(await statusOf(record.id)).toBe('sent');
    });

    it('sends text outside GSM-7 as type=unicode', async () => {
      await send('Код 123456');
      expect(vonage.messages.at(-1)).toMatchObject({ type: 'unicode', text: 'Код 123456' });
    });
  },
);
