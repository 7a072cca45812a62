import type { SpanProtocol, StartSpanOptions, TracerProtocol } from '@herald/contracts';
import type { DeliveryJob, DeliveryQueue } from '../queue/delivery-queue.protocol.js';
import { MemoryDeliveryStore } from '../stores/memory-delivery.store.js';
import { SMS_ADAPTER } from './channel-adapters.js';
import { createDeliveryService } from './create-delivery-service.js';

/** A tracer that records the spans it starts and writes a W3C traceparent for them. */
function recordingTracer() {
  const started: Array<{ name: string; options?: StartSpanOptions; ended: boolean }> = [];
  const tracer = {
    startSpan(name: string, options?: StartSpanOptions) {
      const entry = { name, options, ended: false };
      started.push(entry);
      const spanId = String(started.length).padStart(16, '0');
      const span = {
        name,
        spanContext: () => ({
          traceId: 'a'.repeat(32),
          spanId,
          traceFlags: 1,
          toTraceparent: () => `00-${'a'.repeat(32)}-${spanId}-01`,
        }),
        setAttribute: () => span,
        addEvent: () => span,
        setStatus: () => span,
        recordException: () => span,
        end: () => void (entry.ended = true),
        finish: () => void (entry.ended = true),
        getDuration: () => 0,
        isRecording: () => true,
      } as unknown as SpanProtocol;
      return span;
    },
    withSpan: <T>(_span: SpanProtocol, fn: () => T) => fn(),
    getCurrentSpan: () => undefined,
    injectContext: (carrier: Record<string, string>, ctx?: { toTraceparent(): string }) => {
      if (ctx) carrier.traceparent = ctx.toTraceparent();
      return carrier;
    },
    extractContext: () => undefined,
    getAllSpans: () => [],
    flush: async () => undefined,
  } as unknown as TracerProtocol;
  return { tracer, started };
}

class CapturingQueue implements DeliveryQueue {
  readonly name = 'herald-delivery';
  readonly jobs: DeliveryJob[] = [];
  async enqueue(job: DeliveryJob) {
    this.jobs.push(job);
  }
  async enqueueMany(jobs: readonly DeliveryJob[]) {
    this.jobs.push(...jobs);
  }
  async counts() {
    return { waiting: 0, delayed: 0, active: 0, failed: 0, completed: 0 };
  }
  async close() {}
}

describe('DeliveryService: queued sends carry the trace context', () => {
  it('adds each job under a PRODUCER span whose traceparent the job carries', async () => {
    const { tracer, started } = recordingTracer();
    const queue = new CapturingQueue();
    const service = createDeliveryService({}, { store: new MemoryDeliveryStore(), queue, tracer });
    await service.send(SMS_ADAPTER, ['tw'], {
      to: '+15551230000',
      body: 'one',
      idempotencyKey: 'k1',
    });
    await service.sendMany(
      ['+15551230001', '+15551230002'].map((to, i) => ({
        adapter: SMS_ADAPTER,
        chain: ['tw'],
        message: { to, body: 'many', idempotencyKey: `k-many-${i}` },
        notificationId: 'ntf_1',
        meta: { type: 'Welcome', channel: 'sms' },
      })),
    );
    expect(started.map((s) => [s.name, s.options?.kind, s.ended])).toEqual([
      ['publish herald-delivery', 'producer', true],
      ['publish herald-delivery', 'producer', true],
    ]);
    expect(started[1].options?.attributes?.['messaging.batch.message_count']).toBe(2);
    expect(queue.jobs.map((j) => j.trace?.traceparent)).toEqual([
      `00-${'a'.repeat(32)}-0000000000000001-01`,
      `00-${'a'.repeat(32)}-0000000000000002-01`,
      `00-${'a'.repeat(32)}-0000000000000002-01`,
    ]);
    expect(queue.jobs[1]).toMatchObject({ notificationId: 'ntf_1', meta: { type: 'Welcome' } });
  });

  it('carries no trace field without a tracer', async () => {
    const queue = new CapturingQueue();
    const service = createDeliveryService({}, { queue });
    await service.send(SMS_ADAPTER, ['tw'], { to: '+15551230000', body: 'x', idempotencyKey: 'k' });
    expect(queue.jobs[0].trace).toBeUndefined();
  });
});
