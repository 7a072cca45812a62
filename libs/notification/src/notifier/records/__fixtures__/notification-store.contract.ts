import type { NewNotificationRecord } from '../notification-record.js';
import type { NotificationStore } from '../notification-store.protocol.js';

let seq = 0;
const record = (extra: Partial<NewNotificationRecord> = {}): NewNotificationRecord => ({
  id: `ntf_contract_${process.pid}_${Date.now()}_${seq++}`,
  type: 'OrderShipped',
  category: 'orders',
  critical: false,
  status: 'pending',
  recipients: 3,
  deliveries: 0,
  ...extra,
});

/** The behaviour every NotificationStore must have; each store's spec runs it. */
export function describeNotificationStoreContract(
  name: string,
  getStore: () => NotificationStore,
): void {
  describe(`${name}: NotificationStore contract`, () => {
    it('creates once per id and round-trips every field', async () => {
      const store = getStore();
      const sendAt = new Date(Date.now() + 3_600_000);
      const input = record({ critical: true, status: 'scheduled', idempotencyKey: 'k:1', sendAt });
      const { record: created, created: isNew } = await store.create(input);
      expect(isNew).toBe(true);
      expect(created).toMatchObject({ ...input, sendAt });
      expect(created.createdAt).toBeInstanceOf(Date);
      const again = await store.create({ ...input, type: 'Other' });
      expect(again).toMatchObject({ created: false, record: { type: 'OrderShipped' } });
      expect(await store.get(input.id)).toMatchObject({
        critical: true,
        sendAt,
        idempotencyKey: 'k:1',
      });
      expect(await store.get('ntf_missing')).toBeUndefined();
      const plain = await store.create(record());
      expect(plain.record.sendAt).toBeUndefined();
      expect(plain.record.idempotencyKey).toBeUndefined();
      expect(plain.record.critical).toBe(false);
    });

    it('moves status only from the given ones, atomically', async () => {
      const store = getStore();
      const { record: r } = await store.create(record({ status: 'scheduled' }));
      expect(await store.transition(r.id, ['pending'], 'dispatched')).toBeUndefined();
      const outcomes = await Promise.all(
        Array.from({ length: 6 }, () => store.transition(r.id, ['scheduled'], 'cancelled')),
      );
      expect(outcomes.filter(Boolean)).toHaveLength(1);
      expect((await store.get(r.id))?.status).toBe('cancelled');
      const { record: p } = await store.create(record());
      const done = await store.transition(p.id, ['pending'], 'dispatched', { deliveries: 7 });
      expect(done).toMatchObject({ status: 'dispatched', deliveries: 7 });
      expect(await store.transition('ntf_missing', ['pending'], 'dispatched')).toBeUndefined();
    });

    it('lists newest first (by status too) and purges only old settled records', async () => {
      const store = getStore();
      const a = (await store.create(record())).record;
      await new Promise((r) => setTimeout(r, 5));
      const b = (await store.create(record({ status: 'scheduled' }))).record;
      const listed = await store.list({ limit: 1000 });
      expect(listed.findIndex((r) => r.id === b.id)).toBeLessThan(
        listed.findIndex((r) => r.id === a.id),
      );
      expect((await store.list({ status: 'scheduled', limit: 1000 })).map((r) => r.id)).toContain(
        b.id,
      );
      await store.transition(a.id, ['pending'], 'dispatched');
      expect(await store.purge(new Date(Date.now() - 60_000))).toBe(0);
      expect(await store.purge(new Date(Date.now() + 1000))).toBeGreaterThanOrEqual(1);
      expect(await store.get(a.id)).toBeUndefined();
      expect(await store.get(b.id)).toBeDefined();
    });
  });
}
