import { NotificationPreferenceError } from '../../errors/notification-preference.error.js';
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
      ['userId', { userId: 'u\u0000ser' }],
      ['userId', { userId: 'u\u009bser' }],
      ['category', { category: 'ord\u0000ers' }],
      ['channel', { channel: 'ma\nil' }],
    ])(
      'refuses a control character in %s with a NotificationPreferenceError naming it',
      async (field, bad) => {
        const store = getStore();
        const input = { userId: unique('u'), category: 'orders', channel: 'mail', enabled: false };
        const error = await store.set({ ...input, ...bad }).catch((e: unknown) => e);
        expect(error).toBeInstanceOf(NotificationPreferenceError);
        expect(error).toMatchObject({ field });
        expect((error as Error).message).toMatch(
          new RegExp(`^notification preference: ${field} must not contain control characters`),
        );
        expect(await store.list(input.userId)).toEqual([]);
      },
    );

    it('refuses control characters in what it deletes and lists by', async () => {
      const store = getStore();
      await expect(store.unset('u\u0000', 'orders', 'mail')).rejects.toMatchObject({
        field: 'userId',
      });
      await expect(store.list('u\u0000')).rejects.toBeInstanceOf(NotificationPreferenceError);
      await expect(store.listFor(['ok', 'b\u0000d'], 'orders')).rejects.toMatchObject({
        field: 'userIds[1]',
      });
      await expect(store.listFor(['ok'], 'or\u0000ders')).rejects.toMatchObject({
        field: 'category',
      });
    });

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
