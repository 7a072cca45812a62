import { randomBytes } from 'node:crypto';
import type { StoredWebhookEndpoint } from '../webhook-endpoint.js';
import type { WebhookEndpointStore } from '../webhook-endpoint-store.protocol.js';

let seq = 0;
const unique = (label: string) => `${label}-${process.pid}-${Date.now()}-${seq++}`;

export function endpointFixture(over: Partial<StoredWebhookEndpoint> = {}): StoredWebhookEndpoint {
  const now = new Date(Math.floor(Date.now() / 1000) * 1000 + seq++);
  return {
    id: `ep_${randomBytes(12).toString('hex')}`,
    owner: unique('owner'),
    url: 'https://hooks.example.com/in',
    eventTypes: ['invoice.paid'],
    enabled: true,
    consecutiveFailures: 0,
    secrets: [{ secret: `whsec_${randomBytes(32).toString('base64')}` }],
    createdAt: now,
    updatedAt: now,
    ...over,
  };
}

/** The behaviour every WebhookEndpointStore must have; each store's spec runs it. */
export function describeWebhookEndpointStoreContract(
  name: string,
  getStore: () => WebhookEndpointStore,
): void {
  describe(`${name}: WebhookEndpointStore contract`, () => {
    it('keeps every field, secrets and their expiry included', async () => {
      const store = getStore();
      const expiresAt = new Date(Date.now() + 60_000);
      const endpoint = endpointFixture({
        description: 'billing',
        eventTypes: ['a.b', 'c'],
        secrets: [
          { secret: `whsec_${randomBytes(32).toString('base64')}` },
          { secret: `whsec_${randomBytes(32).toString('base64')}`, expiresAt },
        ],
      });
      expect(await store.create(endpoint)).toEqual(endpoint);
      expect(await store.get(endpoint.id)).toEqual(endpoint);
      expect(await store.get('ep_000000000000000000000000')).toBeUndefined();
    });

    it('lists by owner and enabled, oldest first, and the enabled endpoints of several owners', async () => {
      const store = getStore();
      const owner = unique('o');
      const other = unique('o');
      const a = await store.create(endpointFixture({ owner }));
      const b = await store.create(
        endpointFixture({ owner, enabled: false, disabledReason: 'manual' }),
      );
      const c = await store.create(endpointFixture({ owner: other }));
      expect((await store.list({ owner })).map((e) => e.id)).toEqual([a.id, b.id]);
      expect((await store.list({ owner, enabled: false })).map((e) => e.id)).toEqual([b.id]);
      expect((await store.listEnabled([owner, other, 'nobody'])).map((e) => e.id).sort()).toEqual(
        [a.id, c.id].sort(),
      );
      expect(await store.listEnabled([])).toEqual([]);
    });

    it('updates the fields it is given, clears the disabled reason with null, deletes', async () => {
      const store = getStore();
      const e = await store.create(endpointFixture());
      const off = await store.update(e.id, { enabled: false, disabledReason: 'manual' });
      expect(off).toMatchObject({ enabled: false, disabledReason: 'manual', url: e.url });
      const on = await store.update(e.id, {
        enabled: true,
        disabledReason: null,
        consecutiveFailures: 0,
      });
      expect(on?.enabled).toBe(true);
      expect(on?.disabledReason).toBeUndefined();
      expect(await store.update('ep_000000000000000000000000', { enabled: false })).toBeUndefined();
      expect(await store.delete(e.id)).toBe(true);
      expect(await store.delete(e.id)).toBe(false);
      expect(await store.get(e.id)).toBeUndefined();
    });

    it('counts failures in a row, disables once at the threshold, and a success resets the count', async () => {
      const store = getStore();
      const e = await store.create(endpointFixture());
      expect(await store.recordFailure(e.id, 3, 'r')).toMatchObject({
        disabled: false,
        endpoint: { consecutiveFailures: 1 },
      });
      await store.recordSuccess(e.id);
      expect((await store.get(e.id))?.consecutiveFailures).toBe(0);
      await store.recordFailure(e.id, 3, 'r');
      await store.recordFailure(e.id, 3, 'r');
      const third = await store.recordFailure(e.id, 3, 'three failures');
      expect(third).toMatchObject({
        disabled: true,
        endpoint: { enabled: false, consecutiveFailures: 3, disabledReason: 'three failures' },
      });
      // a disabled endpoint is not counted again: the event fires once
      expect(await store.recordFailure(e.id, 3, 'r')).toBeUndefined();
      expect(await store.recordFailure('ep_000000000000000000000000', 3, 'r')).toBeUndefined();
    });
  });
}
