import { SuppressionInputError } from '../errors/suppression-input.error.js';
import { suppressionId } from '../normalize-address.util.js';
import type { SuppressionEntry, SuppressionReason } from '../suppression-entry.js';
import type { SuppressionStore } from '../suppression-store.protocol.js';

let seq = 0;

function entry(
  channel: SuppressionEntry['channel'],
  address: string,
  category: string | null = null,
  reason: SuppressionReason = 'manual',
  at = Date.now(),
): SuppressionEntry {
  return {
    id: suppressionId(channel, address, category),
    channel,
    address,
    category,
    reason,
    source: 'test',
    createdAt: new Date(at),
  };
}

/** The behaviour every `SuppressionStore` shares. */
export function describeSuppressionStoreContract(
  name: string,
  store: () => SuppressionStore,
): void {
  describe(`${name} (store contract)`, () => {
    it.each([
      ['address', { address: 'a\u0000b@x.example' }],
      ['category', { category: 'news\u0000' }],
      ['source', { source: 'admin\u0007' }],
    ])('refuses a control character in %s with a SuppressionInputError', async (field, bad) => {
      const good = entry('mail', `ctl-${process.pid}-${seq++}@x.example`);
      const error = await store()
        .add({ ...good, ...bad })
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(SuppressionInputError);
      expect(error).toMatchObject({ field });
      expect(await store().find('mail', good.address)).toEqual([]);
    });

    it('refuses control characters and unsafe offsets in what it finds and lists by', async () => {
      await expect(store().find('mail', 'a\u0000b@x.example')).rejects.toMatchObject({
        field: 'address',
      });
      await expect(
        store().list({ address: 'a\u0000', limit: 10, offset: 0 }),
      ).rejects.toBeInstanceOf(SuppressionInputError);
      await expect(store().list({ limit: 10, offset: 1e20 })).rejects.toMatchObject({
        field: 'offset',
      });
      await expect(store().list({ limit: 2 ** 63, offset: 0 })).rejects.toMatchObject({
        field: 'limit',
      });
    });

    const unique = () => `u${process.pid}-${++seq}-${Math.random().toString(36).slice(2)}`;

    it('adds once per (channel, address, category) and answers the existing entry after', async () => {
      const address = `${unique()}@example.com`;
      const first = await store().add(entry('mail', address, null, 'hard_bounce', 1_000));
      expect(first.created).toBe(true);
      const again = await store().add(entry('mail', address, null, 'complaint', 2_000));
      expect(again.created).toBe(false);
      expect(again.entry).toEqual(first.entry);
      expect(first.entry).toMatchObject({ address, category: null, reason: 'hard_bounce' });
      expect(first.entry.createdAt.getTime()).toBe(1_000);
    });

    it('matches an entry for every category, or for the probe category only', async () => {
      const a = `${unique()}@example.com`;
      const b = `${unique()}@example.com`;
      await store().add(entry('mail', a, null));
      await store().add(entry('mail', b, 'newsletter', 'unsubscribe'));
      const found = await store().findMatches([
        { channel: 'mail', address: a, category: 'orders' },
        { channel: 'mail', address: b, category: 'newsletter' },
        { channel: 'mail', address: b, category: 'orders' },
        { channel: 'mail', address: b },
        { channel: 'sms', address: a },
        { channel: 'mail', address: `${unique()}@example.com` },
      ]);
      expect(found.map((e) => e?.address ?? null)).toEqual([a, b, null, null, null, null]);
      expect(found[1]?.reason).toBe('unsubscribe');
    });

    it('finds the entries of an address, removes by id and answers what it removed', async () => {
      const phone = `+1555${String(++seq).padStart(7, '0')}`;
      const stop = await store().add(entry('sms', phone, null, 'sms_stop'));
      const manual = await store().add(entry('sms', phone, 'promo', 'manual'));
      expect((await store().find('sms', phone)).length).toBe(2);
      expect((await store().find('sms', phone, 'sms_stop')).map((e) => e.id)).toEqual([
        stop.entry.id,
      ]);
      const removed = await store().remove([stop.entry.id, 'f'.repeat(64)]);
      expect(removed.map((e) => e.id)).toEqual([stop.entry.id]);
      expect((await store().find('sms', phone)).map((e) => e.id)).toEqual([manual.entry.id]);
      expect(await store().remove([])).toEqual([]);
    });

    it('lists newest first, filtered and paged, with the total', async () => {
      const token = `tok-${unique()}-${'x'.repeat(300)}`;
      const other = `tok-${unique()}`;
      await store().add(entry('push', token, null, 'dead_token', 10));
      await store().add(entry('push', token, 'promo', 'manual', 30));
      await store().add(entry('push', other, null, 'dead_token', 20));
      const page = await store().list({ channel: 'push', address: token, limit: 1, offset: 0 });
      expect(page.total).toBe(2);
      expect(page.entries.map((e) => e.category)).toEqual(['promo']);
      const next = await store().list({ channel: 'push', address: token, limit: 1, offset: 1 });
      expect(next.entries.map((e) => e.category)).toEqual([null]);
      const all = await store().list({ limit: 500, offset: 0 });
      expect(all.total).toBeGreaterThanOrEqual(3);
      const times = all.entries.map((e) => e.createdAt.getTime());
      expect([...times].sort((x, y) => y - x)).toEqual(times);
    });
  });
}
