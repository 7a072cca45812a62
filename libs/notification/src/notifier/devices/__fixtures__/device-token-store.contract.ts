import { DeviceTokenError } from '../../errors/device-token.error.js';
import type { DeviceTokenStore } from '../device-token-store.protocol.js';

let seq = 0;
const unique = (label: string) => `${label}-${process.pid}-${Date.now()}-${seq++}`;

/** The behaviour every DeviceTokenStore must have; each store's spec runs it. */
export function describeDeviceTokenStoreContract(
  name: string,
  getStore: () => DeviceTokenStore,
): void {
  describe(`${name}: DeviceTokenStore contract`, () => {
    it.each([
      ['token', { token: 'tok\u0000en' }],
      ['token', { token: 'tok\nen' }],
      ['userId', { userId: 'us\u0000er' }],
      ['userId', { userId: 'user\u0085' }],
      ['app', { app: 'ap\u0000p' }],
      ['app', { app: 'app\u007f' }],
    ])(
      'refuses a control character in %s with a DeviceTokenError naming it',
      async (field, bad) => {
        const store = getStore();
        const registration = { userId: unique('u'), token: unique('t'), platform: 'fcm' as const };
        const error = await store.register({ ...registration, ...bad }).catch((e: unknown) => e);
        expect(error).toBeInstanceOf(DeviceTokenError);
        expect(error).toMatchObject({ field, code: 'HERALD_DEVICE_TOKEN_INVALID' });
        expect((error as Error).message).toMatch(
          new RegExp(`^device token: ${field} must not contain control characters \\(U\\+00`),
        );
        expect(await store.get(registration.token)).toBeUndefined();
      },
    );

    it('refuses control characters in the strings it queries and marks by', async () => {
      const store = getStore();
      const token = unique('t');
      await store.register({ userId: unique('u'), token, platform: 'fcm' });
      await expect(store.listLive(['ok', 'b\u0000d'])).rejects.toMatchObject({
        field: 'userIds[1]',
      });
      await expect(store.listLive(['ok'], { app: 'a\u0000' })).rejects.toBeInstanceOf(
        DeviceTokenError,
      );
      await expect(store.unregister(token, 'u\u0000')).rejects.toMatchObject({ field: 'userId' });
      await expect(store.markDead(token, 'gone\u0000')).rejects.toMatchObject({ field: 'reason' });
      expect((await store.get(token))?.deadAt).toBeUndefined();
    });

    it('registers, lists live tokens of many users in one call, filters by platform and app', async () => {
      const store = getStore();
      const [u1, u2, u3] = [unique('u'), unique('u'), unique('u')];
      const a = await store.register({
        userId: u1,
        token: unique('fcm'),
        platform: 'fcm',
        app: 'android',
      });
      expect(a).toMatchObject({ userId: u1, platform: 'fcm', app: 'android' });
      expect(a.createdAt).toBeInstanceOf(Date);
      expect(a.deadAt).toBeUndefined();
      const b = await store.register({ userId: u1, token: unique('apns'), platform: 'apns' });
      const c = await store.register({ userId: u2, token: unique('wp'), platform: 'webpush' });
      await store.register({ userId: u3, token: unique('other'), platform: 'fcm' });
      const live = await store.listLive([u1, u2]);
      expect(live.map((t) => t.token).sort()).toEqual([a.token, b.token, c.token].sort());
      expect((await store.listLive([u1], { platform: 'apns' })).map((t) => t.token)).toEqual([
        b.token,
      ]);
      expect((await store.listLive([u1], { app: 'android' })).map((t) => t.token)).toEqual([
        a.token,
      ]);
      expect(await store.listLive([])).toEqual([]);
      expect((await store.get(b.token))?.app).toBeUndefined();
    });

    it('keeps long Web Push subscriptions whole', async () => {
      const store = getStore();
      const token = JSON.stringify({
        endpoint: `https://push.example.com/${'x'.repeat(600)}`,
        keys: { p256dh: 'B'.repeat(87), auth: 'A'.repeat(22) },
      });
      const user = unique('u');
      await store.register({ userId: user, token, platform: 'webpush' });
      expect((await store.listLive([user]))[0].token).toBe(token);
    });

    it('moves a re-registered token to its new user and revives a dead one', async () => {
      const store = getStore();
      const token = unique('moving');
      const [u1, u2] = [unique('u'), unique('u')];
      const first = await store.register({ userId: u1, token, platform: 'fcm' });
      expect(await store.markDead(token, 'UNREGISTERED')).toMatchObject({
        token,
        deadReason: 'UNREGISTERED',
      });
      expect(await store.markDead(token, 'again')).toBeUndefined();
      expect(await store.listLive([u1])).toEqual([]);
      const again = await store.register({ userId: u2, token, platform: 'apns', app: 'ios' });
      expect(again).toMatchObject({ userId: u2, platform: 'apns', app: 'ios' });
      expect(again.deadAt).toBeUndefined();
      expect(again.createdAt.getTime()).toBe(first.createdAt.getTime());
      expect(await store.listLive([u1])).toEqual([]);
      expect((await store.listLive([u2])).map((t) => t.token)).toEqual([token]);
    });

    it('unregisters (only the owner, when given), marks dead, and purges old dead tokens', async () => {
      const store = getStore();
      const user = unique('u');
      const token = unique('t');
      await store.register({ userId: user, token, platform: 'fcm' });
      expect(await store.unregister(token, 'somebody-else')).toBeUndefined();
      expect((await store.unregister(token, user))?.token).toBe(token);
      expect(await store.get(token)).toBeUndefined();
      expect(await store.markDead(unique('nope'), 'x')).toBeUndefined();
      const dead = unique('dead');
      await store.register({ userId: user, token: dead, platform: 'fcm' });
      await store.markDead(dead, 'HTTP 410');
      expect(await store.purgeDead(new Date(Date.now() - 60_000))).toBe(0);
      expect(await store.purgeDead(new Date(Date.now() + 1000))).toBeGreaterThanOrEqual(1);
      expect(await store.get(dead)).toBeUndefined();
    });
  });
}
