import { DeliveryError } from '../../errors/delivery.error.js';
import { DeliveryEngine, type DeliveryBackend } from '../reliable/delivery-engine.js';
import { RetryPolicy } from '../retry/retry-policy.js';
import { MemoryDeliveryStore } from '../stores/memory-delivery.store.js';
import { CircuitBreakerRegistry } from './circuit-breaker.registry.js';

type Behaviour = 'ok' | 'transient' | 'permanent';

/** A backend whose answers are scripted per call; it records every call. */
class ScriptedBackend implements DeliveryBackend<string, { messageId: string }> {
  calls = 0;
  constructor(
    readonly name: string,
    private readonly script: Behaviour[] | Behaviour,
    readonly log: string[],
  ) {}
  onSend?: () => void;
  async send(message: string): Promise<{ messageId: string }> {
    this.onSend?.();
    const step = Array.isArray(this.script) ? (this.script[this.calls] ?? 'ok') : this.script;
    this.calls++;
    this.log.push(this.name);
    if (step === 'transient')
      throw new DeliveryError(`${this.name} is down`, {
        reason: 'provider_unavailable',
        backend: this.name,
      });
    if (step === 'permanent')
      throw new DeliveryError(`${this.name} says no`, {
        reason: 'invalid_recipient',
        backend: this.name,
      });
    return { messageId: `${this.name}-${message}` };
  }
}

function setup(options: { threshold?: number; cooldownMs?: number; attempts?: number } = {}) {
  const store = new MemoryDeliveryStore();
  const engine = new DeliveryEngine({
    store,
    policy: new RetryPolicy({ attempts: options.attempts ?? 1, baseDelayMs: 0 }),
    breakers: new CircuitBreakerRegistry({
      threshold: options.threshold ?? 100,
      cooldownMs: options.cooldownMs ?? 1000,
    }),
  });
  let n = 0;
  const deliver = async (backends: ScriptedBackend[]) => {
    const id = `dlv_${n++}`;
    await store.create({
      id,
      channel: 'sms',
      backend: backends[0].name,
      recipient: '+15005550006',
    });
    const outcome = await engine
      .deliver(id, 'sms', backends, 'hello', (r) => r.messageId)
      .catch((error: unknown) => error);
    return { outcome, record: (await store.get(id))! };
  };
  return { store, engine, deliver };
}

describe('failover', () => {
  afterEach(() => jest.useRealTimers());

  it('tries fallbacks in order after transient failures and records who delivered', async () => {
    const log: string[] = [];
    const { deliver } = setup();
    const { outcome, record } = await deliver([
      new ScriptedBackend('a', 'transient', log),
      new ScriptedBackend('b', 'transient', log),
      new ScriptedBackend('c', 'ok', log),
      new ScriptedBackend('d', 'ok', log),
    ]);
    expect(log).toEqual(['a', 'b', 'c']);
    expect(outcome).toMatchObject({ backend: 'c', result: { messageId: 'c-hello' } });
    expect(record).toMatchObject({
      status: 'sent',
      backend: 'c',
      providerMessageId: 'c-hello',
      attempts: 1,
    });
  });

  it('does not fail over on a permanent error', async () => {
    const log: string[] = [];
    const { deliver } = setup({ attempts: 3 });
    const { outcome, record } = await deliver([
      new ScriptedBackend('a', 'permanent', log),
      new ScriptedBackend('b', 'ok', log),
    ]);
    expect(log).toEqual(['a']);
    expect(outcome).toMatchObject({ reason: 'invalid_recipient' });
    expect(record).toMatchObject({ status: 'failed', attempts: 1 });
    expect(record.lastError).toContain('invalid_recipient');
  });

  it('retries whole rounds and ends dead when every backend keeps failing', async () => {
    const log: string[] = [];
    const { deliver } = setup({ attempts: 3 });
    const { outcome, record } = await deliver([
      new ScriptedBackend('a', 'transient', log),
      new ScriptedBackend('b', 'transient', log),
    ]);
    expect(log).toEqual(['a', 'b', 'a', 'b', 'a', 'b']);
    expect(outcome).toBeInstanceOf(DeliveryError);
    expect(record).toMatchObject({ status: 'dead', attempts: 3 });
  });
});

describe('circuit breaker', () => {
  afterEach(() => jest.useRealTimers());

  it('opens after the threshold, skips the backend, half-opens after the cool-down and closes on success', async () => {
    jest.useFakeTimers({ now: 1_700_000_000_000 });
    const log: string[] = [];
    const { deliver, engine } = setup({ threshold: 3, cooldownMs: 10_000 });
    // a fails 4 times (3 to open, 1 failed half-open trial), then recovers.
    const a = new ScriptedBackend('a', ['transient', 'transient', 'transient', 'transient'], log);
    const b = new ScriptedBackend('b', 'ok', log);
    for (let i = 0; i < 3; i++) await deliver([a, b]);
    expect(a.calls).toBe(3);
    expect(engine.breakers.state('sms:a')).toBe('open');

    log.length = 0;
    const skipped = await deliver([a, b]);
    expect(log).toEqual(['b']);
    expect(skipped.record.backend).toBe('b');

    await jest.advanceTimersByTimeAsync(10_000);
    expect(engine.breakers.state('sms:a')).toBe('open');
    log.length = 0;
    await deliver([a, b]); // half-open trial fails: open again
    expect(log).toEqual(['a', 'b']);
    expect(engine.breakers.state('sms:a')).toBe('open');

    await jest.advanceTimersByTimeAsync(5_000);
    log.length = 0;
    await deliver([a, b]);
    expect(log).toEqual(['b']);

    await jest.advanceTimersByTimeAsync(5_000);
    log.length = 0;
    const seen: string[] = [];
    // cockatiel marks the circuit half-open right after it starts the trial call.
    a.onSend = () => void Promise.resolve().then(() => seen.push(engine.breakers.state('sms:a')));
    const recovered = await deliver([a, b]); // trial succeeds: closed
    expect(seen).toEqual(['half-open']);
    expect(log).toEqual(['a']);
    expect(recovered.record.backend).toBe('a');
    expect(engine.breakers.state('sms:a')).toBe('closed');
  });

  it('counts only transient failures: permanent errors leave the circuit closed', async () => {
    const log: string[] = [];
    const { deliver, engine } = setup({ threshold: 2 });
    const a = new ScriptedBackend('a', 'permanent', log);
    for (let i = 0; i < 5; i++) await deliver([a]);
    expect(a.calls).toBe(5);
    expect(engine.breakers.state('sms:a')).toBe('closed');
  });

  it('reports an open circuit as a transient circuit_open error when no fallback is left', async () => {
    const log: string[] = [];
    const { deliver } = setup({ threshold: 1, attempts: 1 });
    const a = new ScriptedBackend('a', 'transient', log);
    await deliver([a]);
    const { outcome, record } = await deliver([a]);
    expect(outcome).toMatchObject({ reason: 'circuit_open', transient: true });
    expect(record.status).toBe('dead');
    expect(a.calls).toBe(1);
  });
});
