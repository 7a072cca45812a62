import type { NotificationPreferenceStore } from '../notification-preference-store.protocol.js';

let seq = 0;
const unique = (label: string) => `${label}-${process.pid}-${Date.now()}-${seq++}`;

/** The behaviour every NotificationPreferenceStore must have; each store's spec runs it. */
export function describeNotificationPreferenceStoreContract(
  name: string,
  getStore: () => NotificationPreferenceStore,
): void {
  describe(`${name}: NotificationPreferenceStore contract`, () => {
    it.each([
      ['opts out', false],
      ['opts in', true],
    ])('%s and reads the choice back', async (_, enabled) => {
      const store = getStore();
      const userId = unique('u');
      const before = Date.now();
      const saved = await store.set({ userId, category: 'orders', channel: 'mail', enabled });
      expect(saved).toMatchObject({ userId, category: 'orders', channel: 'mail', enabled });
      expect(saved.updatedAt.getTime()).toBeGreaterThanOrEqual(before);
      expect(await store.list(userId)).toEqual([saved]);
    });

    it('keeps one row per user × category × channel; setting again replaces it', async () => {
      const store = getStore();
      const userId = unique('u');
      await store.set({ userId, category: 'orders', channel: 'mail', enabled: false });
      await store.set({ userId, category: 'orders', channel: 'mail', enabled: true });
      await store.set({ userId, category: 'orders', channel: 'sms', enabled: false });
      await store.set({ userId, category: 'billing', channel: 'mail', enabled: false });
      const rows = await store.list(userId);
      expect(rows.map((r) => [r.category, r.channel, r.enabled])).toEqual([
        ['billing', 'mail', false],
        ['orders', 'mail', true],
        ['orders', 'sms', false],
      ]);
    });

    it('unsets one choice and says whether there was one', async () => {
      const store = getStore();
      const userId = unique('u');
      await store.set({ userId, category: 'orders', channel: 'mail', enabled: false });
      await store.set({ userId, category: 'orders', channel: 'sms', enabled: false });
      expect(await store.unset(userId, 'orders', 'mail')).toBe(true);
      expect(await store.unset(userId, 'orders', 'mail')).toBe(false);
      expect(await store.unset(unique('nobody'), 'orders', 'sms')).toBe(false);
      expect((await store.list(userId)).map((r) => r.channel)).toEqual(['sms']);
    });

    it("lists many users' choices for one category, and nobody else's", async () => {
      const store = getStore();
      const [a, b, c] = [unique('a'), unique('b'), unique('c')];
      await store.set({ userId: a, category: 'orders', channel: 'mail', enabled: false });
      await store.set({ userId: a, category: 'billing', channel: 'mail', enabled: false });
      await store.set({ userId: b, category: 'orders', channel: 'push', enabled: true });
      await store.set({ userId: c, category: 'orders', channel: 'sms', enabled: false });
      const rows = await store.listFor([a, b, a], 'orders');
      expect(rows.map((r) => [r.userId, r.channel, r.enabled]).sort()).toEqual(
        [
          [a, 'mail', false],
          [b, 'push', true],
        ].sort(),
      );
      expect(await store.listFor([], 'orders')).toEqual([]);
      expect(await store.list(unique('nobody'))).toEqual([]);
    });

    it('stores the longest allowed values and non-ASCII text whole', async () => {
      const store = getStore();
      const userId = `${unique('ü')}-${'x'.repeat(200)}`.slice(0, 255);
      const category = `Bestellungen 📦 ${'k'.repeat(100)}`.slice(0, 100);
      await store.set({ userId, category, channel: 'inbox', enabled: false });
      expect(await store.list(userId)).toEqual([
        expect.objectContaining({ userId, category, channel: 'inbox', enabled: false }),
      ]);
    });
  });
}
