import { CircuitBreakerRegistry } from '../failover/circuit-breaker.registry.js';
import { DeliveryError } from '../../errors/delivery.error.js';
import { DeliveryStateError } from '../records/delivery-state.error.js';
import { RetryPolicy } from '../retry/retry-policy.js';
import { MemoryDeliveryStore } from '../stores/memory-delivery.store.js';
import { DeliveryEngine } from './delivery-engine.js';

describe('DeliveryEngine', () => {
  it('rejects with a DeliveryStateError when the record is not in the store', async () => {
    const engine = new DeliveryEngine({
      store: new MemoryDeliveryStore(),
      breakers: new CircuitBreakerRegistry(),
    });
    const backend = { name: 'tw', send: jest.fn(async () => 'sent') };
    const error = await engine
      .deliver('dlv_missing', 'sms', [backend], {}, () => undefined)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DeliveryStateError);
    expect(error).toMatchObject({ deliveryId: 'dlv_missing', code: 'HERALD_DELIVERY_STATE' });
    expect((error as Error).message).toContain('"dlv_missing" not found');
    expect(backend.send).not.toHaveBeenCalled();
  });

  it('fails a round over no backend with an unknown-reason DeliveryError, recorded dead at the last attempt', async () => {
    const store = new MemoryDeliveryStore();
    const engine = new DeliveryEngine({
      store,
      breakers: new CircuitBreakerRegistry(),
      policy: new RetryPolicy({ attempts: 1 }),
    });
    await store.create({ id: 'dlv_empty', channel: 'sms', backend: 'tw', recipient: '+1' });
    const error = await engine
      .deliver('dlv_empty', 'sms', [], {}, () => undefined)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DeliveryError);
    expect(error).toMatchObject({ reason: 'unknown' });
    expect((error as Error).message).toContain('no backend configured for sms');
    expect(await store.get('dlv_empty')).toMatchObject({ status: 'dead', attempts: 1 });
  });

  it('starts from the record it is given, then reads the record back between retries', async () => {
    const store = new MemoryDeliveryStore();
    const engine = new DeliveryEngine({
      store,
      breakers: new CircuitBreakerRegistry(),
      policy: new RetryPolicy({ attempts: 3, baseDelayMs: 1, maxDelayMs: 1 }),
    });
    const { record } = await store.create({
      id: 'dlv_given',
      channel: 'sms',
      backend: 'tw',
      recipient: '+1',
    });
    const get = jest.spyOn(store, 'get');
    let calls = 0;
    const backend = {
      name: 'tw',
      send: jest.fn(async () => {
        if (++calls === 1)
          throw new DeliveryError('busy', { reason: 'provider_unavailable', backend: 'tw' });
        return { messageId: 'SM1' };
      }),
    };
    const { record: sent } = await engine.deliver(
      'dlv_given',
      'sms',
      [backend],
      {},
      (r) => r.messageId,
      undefined,
      record,
    );
    expect(sent).toMatchObject({ status: 'sent', attempts: 2, providerMessageId: 'SM1' });
    expect(get).toHaveBeenCalledTimes(1); // the retry's read, not the first round's
  });
});

describe('DeliveryEngine.attempt after the provider accepted', () => {
  const setup = async () => {
    const store = new MemoryDeliveryStore();
    const counted: string[] = [];
    const metrics = {
      increment: (name: string, _value: number, labels?: Record<string, string>) =>
        void counted.push(`${name}:${labels?.backend ?? ''}`),
    };
    const engine = new DeliveryEngine({
      store,
      breakers: new CircuitBreakerRegistry(),
      metrics: metrics as never,
    });
    await store.create({ id: 'dlv_after', channel: 'sms', backend: 'tw', recipient: '+1' });
    const second = { name: 'fallback', send: jest.fn(async () => 'second') };
    const first = { name: 'tw', send: jest.fn(async () => 'first') };
    return { store, engine, counted, backends: [first, second], first, second };
  };

  it('writes sent only once the claim it is given has settled', async () => {
    const { store, engine, backends } = await setup();
    let claim!: () => void;
    const claimed = new Promise<void>((resolve) => (claim = resolve)).then(async () => {
      await store.claim('dlv_after');
    });
    const attempt = engine.attempt(
      { id: 'dlv_after' },
      'sms',
      backends,
      {},
      () => 'SM1',
      undefined,
      claimed,
    );
    await new Promise((r) => setTimeout(r, 20));
    expect((await store.get('dlv_after'))?.status).toBe('queued');
    claim();
    await expect(attempt).resolves.toMatchObject({ backend: 'tw', result: 'first' });
    expect(await store.get('dlv_after')).toMatchObject({ status: 'sent', attempts: 1 });
  });

  it("rejects with the store's error, tries no other backend, and counts no backend error", async () => {
    const { engine, counted, backends, second } = await setup();
    const failing = Promise.reject(new Error('database unavailable'));
    failing.catch(() => undefined);
    const error = await engine
      .attempt({ id: 'dlv_after' }, 'sms', backends, {}, () => 'SM1', undefined, failing)
      .catch((e: unknown) => e);
    expect((error as Error).message).toBe('database unavailable');
    expect(second.send).not.toHaveBeenCalled();
    expect(counted.filter((name) => name.startsWith('herald_delivery_errors_total'))).toEqual([]);
  });
});
