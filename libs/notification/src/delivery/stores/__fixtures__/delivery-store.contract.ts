import { DeliveryStateError } from '../../records/delivery-state.error.js';
import type { DeliveryStatus } from '../../records/delivery-record.js';
import type { DeliveryStore } from '../delivery-store.protocol.js';

let seq = 0;
const newId = () => `dlv_contract_${process.pid}_${Date.now()}_${seq++}`;

/** The behaviour every DeliveryStore must have; each store's spec runs it. */
export function describeDeliveryStoreContract(name: string, getStore: () => DeliveryStore): void {
  describe(`${name}: DeliveryStore contract`, () => {
    const create = (extra: Record<string, unknown> = {}) =>
      getStore().create({
        id: newId(),
        channel: 'sms',
        backend: 'primary',
        recipient: '+15005550006',
        ...extra,
      });

    it('creates queued records and returns the existing one for a repeated id', async () => {
      const { record, created } = await create({ idempotencyKey: 'k-1' });
      expect(created).toBe(true);
      expect(record).toMatchObject({ status: 'queued', attempts: 0, idempotencyKey: 'k-1' });
      expect(record.createdAt).toBeInstanceOf(Date);
      const again = await getStore().create({
        id: record.id,
        channel: 'sms',
        backend: 'other',
        recipient: '+1',
      });
      expect(again.created).toBe(false);
      expect(again.record.backend).toBe('primary');
      expect((await getStore().get(record.id))?.recipient).toBe('+15005550006');
      expect(await getStore().get('dlv_missing')).toBeUndefined();
    });

    it('walks queued -> sending -> retrying -> sending -> sent with its fields', async () => {
      const { record } = await create();
      const store = getStore();
      await store.transition(record.id, 'sending', { attempts: 1 });
      const retrying = await store.transition(record.id, 'retrying', {
        lastError: 'timeout: slow',
      });
      expect(retrying).toMatchObject({
        status: 'retrying',
        attempts: 1,
        lastError: 'timeout: slow',
      });
      await store.transition(record.id, 'sending', { attempts: 2 });
      const sent = await store.transition(record.id, 'sent', {
        backend: 'fallback',
        providerMessageId: 'SM123',
        sentAt: new Date(),
      });
      expect(sent).toMatchObject({
        status: 'sent',
        attempts: 2,
        backend: 'fallback',
        providerMessageId: 'SM123',
        lastError: 'timeout: slow',
      });
      expect(sent.sentAt).toBeInstanceOf(Date);
      expect(sent.updatedAt.getTime()).toBeGreaterThanOrEqual(sent.createdAt.getTime());
      expect((await store.get(record.id))?.status).toBe('sent');
    });

    it.each<[DeliveryStatus[], DeliveryStatus]>([
      [['sending'], 'failed'],
      [['sending'], 'dead'],
      [['sending', 'retrying'], 'dead'],
      [['sending'], 'sending'],
      [[], 'dead'],
    ])('allows %j then %s', async (path, last) => {
      const { record } = await create();
      for (const step of path) await getStore().transition(record.id, step);
      expect((await getStore().transition(record.id, last)).status).toBe(last);
    });

    it.each<[DeliveryStatus[], DeliveryStatus]>([
      [[], 'sent'],
      [[], 'retrying'],
      [['sending', 'sent'], 'sending'],
      [['sending', 'failed'], 'retrying'],
      [['sending', 'dead'], 'sent'],
    ])('refuses %j then %s', async (path, last) => {
      const { record } = await create();
      for (const step of path) await getStore().transition(record.id, step);
      await expect(getStore().transition(record.id, last)).rejects.toBeInstanceOf(
        DeliveryStateError,
      );
    });

    it('claims a queued or retrying record for an attempt, and nothing else', async () => {
      const store = getStore();
      if (!store.claim) return; // optional: a store without it is read, then transitioned
      const { record } = await create();
      const first = await store.claim(record.id);
      expect(first).toMatchObject({ id: record.id, status: 'sending', attempts: 1 });
      // a worker taking over after one died mid-send
      expect(await store.claim(record.id)).toMatchObject({ status: 'sending', attempts: 2 });
      await store.transition(record.id, 'retrying', { lastError: 'timeout: slow' });
      expect(await store.claim(record.id)).toMatchObject({
        status: 'sending',
        attempts: 3,
        lastError: 'timeout: slow',
      });
      await store.transition(record.id, 'sent', { providerMessageId: 'SM1' });
      // sent, final or missing: no claim, no error, the record as it was
      expect(await store.claim(record.id)).toBeUndefined();
      expect(await store.get(record.id)).toMatchObject({ status: 'sent', attempts: 3 });
      const { record: suppressed } = await create({ status: 'suppressed' });
      expect(await store.claim(suppressed.id)).toBeUndefined();
      expect(await store.claim('dlv_nope')).toBeUndefined();
    });

    it('drops the stored job of a record it claims, as any move out of queued does', async () => {
      const store = getStore();
      if (!store.claim || !store.findQueuedJobs) return;
      const id = newId();
      const { record } = await create({
        id,
        job: { id, channel: 'sms', backends: ['primary'], message: { to: '+1', body: 'b' } },
      });
      const before = new Date(Date.now() + 60_000);
      const queued = await store.findQueuedJobs({ before, limit: 10_000 });
      expect(queued.map((job) => job.id)).toContain(record.id);
      await store.claim(record.id);
      const after = await store.findQueuedJobs({ before, limit: 10_000 });
      expect(after.map((job) => job.id)).not.toContain(record.id);
    });

    it('refuses a transition of an unknown record', async () => {
      await expect(getStore().transition('dlv_nope', 'sending')).rejects.toThrow(/not found/);
    });

    it('queries by status (newest first), counts and purges only old final records', async () => {
      const store = getStore();
      const old = new Date(Date.now() - 3_600_000);
      const a = (await create({ createdAt: old })).record;
      const b = (await create()).record;
      const c = (await create()).record;
      await store.transition(a.id, 'sending');
      await store.transition(a.id, 'dead');
      await store.transition(b.id, 'sending');
      const dead = await store.findByStatus('dead', 1000);
      expect(dead.map((r) => r.id)).toContain(a.id);
      const sending = await store.findByStatus('sending', 1000);
      expect(sending.map((r) => r.id)).toContain(b.id);
      expect(sending.map((r) => r.id)).not.toContain(c.id);
      const recent = await store.list({ limit: 1000 });
      expect(recent.findIndex((r) => r.id === c.id)).toBeLessThan(
        recent.findIndex((r) => r.id === a.id),
      );
      const counts = await store.countByStatus();
      expect(counts.dead).toBeGreaterThanOrEqual(1);
      expect(counts.queued).toBeGreaterThanOrEqual(1);
      // Nothing is older than a minute ago except by createdAt; purge goes by last update.
      expect(await store.purge(new Date(Date.now() - 60_000))).toBe(0);
      const removed = await store.purge(new Date(Date.now() + 1000));
      expect(removed).toBeGreaterThanOrEqual(1);
      expect(await store.get(a.id)).toBeUndefined();
      expect(await store.get(b.id)).toBeDefined();
      expect(await store.get(c.id)).toBeDefined();
    });

    it('creates many at once in input order, skipping ids that exist', async () => {
      const store = getStore();
      const existing = (await create({ notificationId: 'ntf_other' })).record;
      const notificationId = newId();
      const ids = [newId(), newId(), newId()];
      const results = await store.createMany!([
        { id: ids[0], channel: 'sms', backend: 'a', recipient: '+1', notificationId },
        { id: existing.id, channel: 'sms', backend: 'b', recipient: '+2', notificationId },
        {
          id: ids[1],
          channel: 'inbox',
          backend: 'inbox',
          recipient: 'u1',
          notificationId,
          status: 'skipped',
          lastError: 'no phone number',
        },
        { id: ids[2], channel: 'slack', backend: 'slack', recipient: '#ops', notificationId },
        { id: ids[0], channel: 'sms', backend: 'c', recipient: '+3', notificationId },
      ]);
      expect(results.map((r) => [r.record.id, r.created])).toEqual([
        [ids[0], true],
        [existing.id, false],
        [ids[1], true],
        [ids[2], true],
        [ids[0], false],
      ]);
      expect(results[1].record.notificationId).toBe('ntf_other');
      expect(results[2].record).toMatchObject({ status: 'skipped', lastError: 'no phone number' });
      const listed = await store.list({ notificationId, limit: 100 });
      expect(listed.map((r) => r.id).sort()).toEqual([...ids].sort());
      expect(listed.every((r) => r.notificationId === notificationId)).toBe(true);
      expect(await store.list({ notificationId, status: 'skipped' })).toHaveLength(1);
      const counts = await store.countByStatus({ notificationId });
      expect(counts).toMatchObject({ queued: 2, skipped: 1, sent: 0 });
      expect(await store.createMany!([])).toEqual([]);
    });

    it('keeps the SMS segments and encoding of a record through its transitions', async () => {
      const store = getStore();
      const { record } = await create({ smsSegments: 3, smsEncoding: 'UCS-2' });
      expect(record).toMatchObject({ smsSegments: 3, smsEncoding: 'UCS-2' });
      const [many] = await store.createMany!([
        {
          id: newId(),
          channel: 'sms',
          backend: 'a',
          recipient: '+1',
          smsSegments: 1,
          smsEncoding: 'GSM-7',
        },
      ]);
      expect((await store.get(many.record.id))?.smsSegments).toBe(1);
      expect((await store.get(many.record.id))?.smsEncoding).toBe('GSM-7');
      await store.transition(record.id, 'sending', { attempts: 1 });
      const sent = await store.transition(record.id, 'sent', { providerMessageId: 'SM9' });
      expect(sent).toMatchObject({ smsSegments: 3, smsEncoding: 'UCS-2' });
      expect(await store.get(record.id)).toMatchObject({ smsSegments: 3, smsEncoding: 'UCS-2' });
      expect((await store.list({ limit: 500 })).find((r) => r.id === record.id)).toMatchObject({
        smsSegments: 3,
        smsEncoding: 'UCS-2',
      });
      expect(sent.toJSON()).toMatchObject({ smsSegments: 3, smsEncoding: 'UCS-2' });
      // other channels have none
      const { record: inbox } = await create({ channel: 'inbox', recipient: 'u1' });
      const read = await store.get(inbox.id);
      expect(read?.smsSegments).toBeUndefined();
      expect(read?.smsEncoding).toBeUndefined();
    });

    it('lets a queued record end without a send (suppressed), and nothing after', async () => {
      const { record } = await create();
      const store = getStore();
      const suppressed = await store.transition(record.id, 'suppressed', {
        lastError: 'opted out',
      });
      expect(suppressed).toMatchObject({ status: 'suppressed', lastError: 'opted out' });
      expect(suppressed.final).toBe(true);
      await expect(store.transition(record.id, 'sending')).rejects.toBeInstanceOf(
        DeliveryStateError,
      );
    });

    it('moves a sent record forward on provider feedback, never back', async () => {
      const store = getStore();
      const { record } = await create();
      const messageId = `SM${record.id}`;
      await store.transition(record.id, 'sending', { attempts: 1 });
      await store.transition(record.id, 'sent', { providerMessageId: messageId });
      expect((await store.findByProviderMessageId(messageId, 'sms'))?.id).toBe(record.id);
      expect(await store.findByProviderMessageId(messageId, 'email')).toBeUndefined();
      expect(await store.findByProviderMessageId('SM_unknown')).toBeUndefined();
      const at = new Date(Date.now() - 5000);
      const delivered = await store.transition(record.id, 'delivered', { providerStatusAt: at });
      expect(delivered).toMatchObject({ status: 'delivered', final: true });
      expect(delivered.providerStatusAt?.getTime()).toBe(at.getTime());
      await expect(store.transition(record.id, 'delivered')).rejects.toBeInstanceOf(
        DeliveryStateError,
      );
      const complained = await store.transition(record.id, 'complained', {
        providerReason: 'spamreport',
      });
      expect(complained).toMatchObject({ status: 'complained', providerReason: 'spamreport' });
      expect(complained.providerStatusAt?.getTime()).toBe(at.getTime());
      for (const next of ['delivered', 'bounced', 'failed'] as const)
        await expect(store.transition(record.id, next)).rejects.toBeInstanceOf(DeliveryStateError);
      const bounced = (await create()).record;
      await store.transition(bounced.id, 'sending');
      await store.transition(bounced.id, 'sent');
      await store.transition(bounced.id, 'bounced', { providerReason: '550 no such user' });
      await expect(store.transition(bounced.id, 'delivered')).rejects.toBeInstanceOf(
        DeliveryStateError,
      );
      for (const next of ['failed', 'bounced'] as const)
        await expect(store.transition(bounced.id, next)).rejects.toBeInstanceOf(DeliveryStateError);
      expect((await store.get(bounced.id))?.providerReason).toBe('550 no such user');
      // a complaint is worse than a bounce or a failure: always recorded
      expect((await store.transition(bounced.id, 'complained')).status).toBe('complained');
      const failed = (await create()).record;
      await store.transition(failed.id, 'sending');
      await store.transition(failed.id, 'sent');
      await store.transition(failed.id, 'failed', { providerReason: 'Twilio error 30003' });
      await expect(store.transition(failed.id, 'bounced')).rejects.toBeInstanceOf(
        DeliveryStateError,
      );
      expect((await store.transition(failed.id, 'complained')).status).toBe('complained');
    });

    it('masks the recipient when a record is printed', async () => {
      const { record } = await create();
      expect(JSON.stringify(record)).not.toContain('5550006');
      expect(String(record)).not.toContain('5550006');
      expect(record.recipient).toBe('+15005550006');
    });

    it('keeps the job of a queued record for the sweeper, pages it by age, drops it when the record moves on', async () => {
      const store = getStore();
      if (!store.findQueuedJobs) throw new Error(`${name} has no findQueuedJobs`);
      // records from 1970: older than anything the other tests write
      const base = 1_000 + (seq++ % 1000) * 1000;
      const jobOf = (id: string) => ({
        id,
        channel: 'sms',
        backends: ['primary', 'backup'],
        message: { to: '+15005550006', body: `body of ${id}`, idempotencyKey: id },
        notificationId: 'ntf_sweep',
        meta: { type: 'Ping', channel: 'sms' },
      });
      const ids = [0, 1, 2].map(() => newId());
      for (const [i, id] of ids.entries())
        await store.create({
          id,
          channel: 'sms',
          backend: 'primary',
          recipient: '+15005550006',
          notificationId: 'ntf_sweep',
          createdAt: new Date(base + i),
          job: jobOf(id),
        });
      const noJob = newId();
      await store.create({
        id: noJob,
        channel: 'sms',
        backend: 'primary',
        recipient: '+1',
        createdAt: new Date(base),
      });
      const window = { before: new Date(base + 2) };
      const first = await store.findQueuedJobs({ ...window, limit: 1 });
      expect(first).toEqual([{ ...jobOf(ids[0]), createdAt: new Date(base) }]);
      const next = await store.findQueuedJobs({
        ...window,
        limit: 10,
        after: { createdAt: first[0].createdAt, id: first[0].id },
      });
      // the third is not older than `before`; the record without a job is never a candidate
      expect(next.map((j) => j.id)).toEqual([ids[1]]);

      await store.transition(ids[0], 'sending', { attempts: 1 });
      const later = await store.findQueuedJobs({ before: new Date(base + 10), limit: 10 });
      expect(later.map((j) => j.id)).toEqual([ids[1], ids[2]]);
      // back to retrying and sending again: the job stays gone
      await store.transition(ids[0], 'retrying');
      expect((await store.findQueuedJobs({ before: new Date(base + 10), limit: 10 })).length).toBe(
        2,
      );
    });
  });
}
