import type { TestingModule } from '@nestjs/testing';
import { InboxService } from '../../inbox/inbox.service.js';
import { notifierTestApp } from '../__fixtures__/notifier-test-app.js';
import { TimingRuleError } from '../errors/timing-rule.error.js';
import { Notification } from '../notification.js';
import { NotifierService } from '../notifier.service.js';
import { MemoryThrottleStore } from './throttle-store.js';
import { throttleGate } from './throttle.gate.js';
import type { ThrottleRule } from './timing-rules.js';

class Ping extends Notification {
  override readonly category = 'pings';
  constructor(
    override readonly throttle: ThrottleRule | undefined,
    readonly n: number,
    override readonly critical = false,
  ) {
    super();
  }
  via() {
    return ['inbox'];
  }
  toInbox() {
    return { title: `ping ${this.n}`, body: 'b' };
  }
}

describe('MemoryThrottleStore', () => {
  it('allows limit per sliding window and says when the next slot frees', async () => {
    const store = new MemoryThrottleStore();
    expect(await store.take('k', 2, 1000, 0)).toEqual({ allowed: true });
    expect(await store.take('k', 2, 1000, 400)).toEqual({ allowed: true });
    expect(await store.take('k', 2, 1000, 500)).toEqual({ allowed: false, retryAtMs: 1000 });
    expect(await store.take('other', 2, 1000, 500)).toEqual({ allowed: true });
    expect(await store.take('k', 2, 1000, 1000)).toEqual({ allowed: true });
    expect(await store.take('k', 2, 1000, 1001)).toEqual({ allowed: false, retryAtMs: 1400 });
  });

  it('forgets keys whose window emptied', async () => {
    const store = new MemoryThrottleStore();
    for (let i = 0; i < 999; i++) await store.take(`user-${i}`, 1, 1000, 0);
    expect(store.size).toBe(999);
    await store.take('late', 1, 1000, 5000);
    expect(store.size).toBe(1);
  });
});

describe('throttleGate in the notifier (inline timers, fake clock)', () => {
  let app: TestingModule;
  let notifier: NotifierService;
  let inbox: InboxService;
  const titles = async (user: string) =>
    (await inbox.getInbox(user)).notifications.map((m) => m.title).sort();

  beforeEach(async () => {
    jest.useFakeTimers({ doNotFake: ['nextTick', 'setImmediate', 'queueMicrotask'] });
    app = await notifierTestApp({ inlineTimers: true }, { gates: [throttleGate()] });
    notifier = app.get(NotifierService);
    inbox = app.get(InboxService);
  });
  afterEach(async () => {
    await app.close();
    jest.useRealTimers();
  });

  it('drops over the limit, recorded throttled with the rule; critical and other users pass', async () => {
    const rule: ThrottleRule = { limit: 2, perMs: 60_000 };
    const results = [];
    for (let n = 1; n <= 4; n++)
      results.push(await notifier.notify({ id: 'u1' }, new Ping(rule, n)));
    await notifier.notify({ id: 'u1' }, new Ping(rule, 5, true));
    await notifier.notify({ id: 'u2' }, new Ping(rule, 6));
    expect(await titles('u1')).toEqual(['ping 1', 'ping 2', 'ping 5']);
    expect(await titles('u2')).toEqual(['ping 6']);
    expect(await notifier.deliveries(results[2].notificationId)).toEqual([
      expect.objectContaining({
        status: 'throttled',
        lastError: 'rate limit: 2 per 60000 ms of "pings" on inbox',
      }),
    ]);
    await jest.advanceTimersByTimeAsync(60_000);
    await notifier.notify({ id: 'u1' }, new Ping(rule, 7));
    expect(await titles('u1')).toContain('ping 7');
  });

  it('defers over the limit until the window has room', async () => {
    const rule: ThrottleRule = { limit: 1, perMs: 10_000, mode: 'defer' };
    await notifier.notify({ id: 'u1' }, new Ping(rule, 1));
    await jest.advanceTimersByTimeAsync(3_000);
    const second = await notifier.notify({ id: 'u1' }, new Ping(rule, 2));
    expect(second.deliveries).toEqual([
      expect.objectContaining({
        status: 'deferred',
        reason: expect.stringContaining('rate limit'),
      }),
    ]);
    await jest.advanceTimersByTimeAsync(6_999);
    expect(await titles('u1')).toEqual(['ping 1']);
    await jest.advanceTimersByTimeAsync(1);
    expect(await titles('u1')).toEqual(['ping 1', 'ping 2']);
  });

  it('rejects a bad rule with a typed error before anything is sent', async () => {
    await expect(
      notifier.notify({ id: 'u1' }, new Ping({ limit: 0, perMs: 1000 }, 1)),
    ).rejects.toThrow(TimingRuleError);
    await expect(
      notifier.notify({ id: 'u1' }, new Ping({ limit: 1, perMs: -1 }, 1)),
    ).rejects.toThrow(/Ping.throttle.perMs must be a number of milliseconds above 0 \(got -1\)/);
    await expect(
      notifier.notify({ id: 'u1' }, new Ping({ limit: 1, perMs: 1, mode: 'queue' as 'drop' }, 1)),
    ).rejects.toThrow(/Ping.throttle.mode must be "drop" or "defer"/);
    expect(await titles('u1')).toEqual([]);
    expect(() => throttleGate({ rule: { limit: 1.5, perMs: 10 } })).toThrow(
      /throttleGate.rule.limit must be an integer/,
    );
  });
});
