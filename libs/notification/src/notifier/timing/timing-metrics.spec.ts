import { METRICS_COLLECTOR, type MetricLabels } from '@herald/contracts';
import { EventEmitterModule } from '@nestjs/event-emitter';
import { Test } from '@nestjs/testing';
import { NoopMetricsCollector, ObservabilityModule } from '@herald/observability';
import { InboxModule } from '../../inbox/inbox.module.js';
import { NotificationModule } from '../../notification.module.js';
import { DigestGate } from '../digest/digest.gate.js';
import type { DigestBatch } from '../digest/digest-batch.js';
import { MemoryNotificationDigester } from '../digest/memory-notification.digester.js';
import { Notification } from '../notification.js';
import { NOTIFIER_METRICS } from '../notifier.metrics.js';
import { NotifierModule } from '../notifier.module.js';
import { NotifierService } from '../notifier.service.js';
import { quietHoursGate } from './quiet-hours.gate.js';
import { throttleGate } from './throttle.gate.js';

class CountingCollector extends NoopMetricsCollector {
  readonly counts = new Map<string, number>();
  override increment(name: string, value = 1, tags: MetricLabels = {}): void {
    const key = `${name}${JSON.stringify(tags)}`;
    this.counts.set(key, (this.counts.get(key) ?? 0) + value);
  }
  outcome(type: string, channel: string, outcome: string): number {
    return (
      this.counts.get(
        `${NOTIFIER_METRICS.deliveries}${JSON.stringify({ type, channel, outcome })}`,
      ) ?? 0
    );
  }
}

class Note extends Notification {
  constructor(
    override readonly type: string,
    rules: Partial<Pick<Notification, 'throttle' | 'digest'>> = {},
  ) {
    super();
    Object.assign(this, rules);
  }
  via() {
    return ['inbox'];
  }
  toInbox() {
    return { title: this.type, body: 'b' };
  }
  renderDigest(_c: string, _r: unknown, batch: DigestBatch) {
    return { title: `${batch.items.length} notes`, body: 'b' };
  }
}

it('counts throttled, digested, deferred and cancelled deliveries per type and channel', async () => {
  jest.useFakeTimers({
    now: Date.parse('2026-01-10T12:00:00Z'),
    doNotFake: ['nextTick', 'setImmediate', 'queueMicrotask'],
  });
  const metrics = new CountingCollector();
  const app = await Test.createTestingModule({
    imports: [
      ObservabilityModule,
      EventEmitterModule.forRoot(),
      NotificationModule.stub(),
      InboxModule.forRoot({ config: { storeBackend: 'memory' } }),
      NotifierModule.forRoot(
        { inlineTimers: true },
        {
          gates: [
            quietHoursGate({
              start: '11:00',
              end: '13:00',
              forRecipient: (r) => (r.id === 'night' ? undefined : null),
            }),
            DigestGate,
            throttleGate(),
          ],
          digester: MemoryNotificationDigester,
        },
      ),
    ],
  })
    .overrideProvider(METRICS_COLLECTOR)
    .useValue(metrics)
    .compile();
  await app.init();
  const notifier = app.get(NotifierService);
  try {
    const throttle = { limit: 1, perMs: 60_000 };
    await notifier.notify({ id: 'u' }, new Note('Limited', { throttle }));
    await notifier.notify({ id: 'u' }, new Note('Limited', { throttle }));
    await notifier.notify({ id: 'u' }, new Note('Folded', { digest: { windowMs: 1000 } }));
    await notifier.notify({ id: 'u' }, new Note('Folded', { digest: { windowMs: 1000 } }));
    const held = await notifier.notify({ id: 'night' }, new Note('Held'));
    expect(await notifier.cancel(held.notificationId)).toBe(true);
    await jest.advanceTimersByTimeAsync(1000);
    expect(metrics.outcome('Limited', 'inbox', 'sent')).toBe(1);
    expect(metrics.outcome('Limited', 'inbox', 'throttled')).toBe(1);
    expect(metrics.outcome('Folded', 'inbox', 'digested')).toBe(2);
    expect(metrics.outcome('Folded', 'inbox', 'sent')).toBe(1); // the digest itself
    expect(metrics.outcome('Held', 'inbox', 'deferred')).toBe(1);
    expect(metrics.outcome('Held', '-', 'cancelled')).toBe(1);
  } finally {
    await app.close();
    jest.useRealTimers();
  }
});
