import { ObservabilityService } from '../observability.service.js';
import { InMemoryTracerProvider } from './in-memory-tracer.provider.js';
import { registerDefaultTracer } from './default-tracer.util.js';
import { injectTraceContext, maskRecipient, traceConsume, tracePublish } from './messaging.util.js';

const tracing = new InMemoryTracerProvider();
afterAll(() => tracing.shutdown());
beforeEach(() => tracing.reset());

describe('tracePublish / traceConsume / injectTraceContext', () => {
  it('publishes in a PRODUCER span and injects its context into the message; the consumer continues the trace', async () => {
    const queue: Array<{ body: string; headers: Record<string, string> }> = [];
    const request = tracing.startSpan('request', { kind: 'server' });
    const id = await tracing.withSpan(request, () =>
      tracePublish(
        {
          channel: 'email',
          recipient: 'ann@example.com',
          tracer: tracing,
          template: 'welcome',
          attempt: 1,
        },
        async (span, headers) => {
          queue.push({ body: 'hi', headers });
          return span.spanContext().spanId;
        },
      ),
    );
    request.end();
    const [message] = queue;
    // 03: sampled, and the random-trace-id flag of a trace Herald started (W3C level 2)
    expect(message.headers.traceparent).toMatch(new RegExp(`^00-${request.traceId}-${id}-03$`));
    const consumed = await traceConsume(
      { channel: 'email', messageType: 'email', carrier: message.headers, tracer: tracing },
      async (span) => span.spanContext().spanId,
    );
    const spans = tracing.getAllSpans();
    const publish = spans.find((s) => s.name === 'publish email')!;
    const consume = spans.find((s) => s.name === 'process email')!;
    expect(publish.kind).toBe('producer');
    expect(publish.parentSpanId).toBe(request.spanId);
    expect(publish.attributes).toMatchObject({
      'messaging.destination.name': 'email',
      'herald.message_type': 'email', // the default (SPEC: trace_publish message_type='email')
      'herald.recipient': 'a***@example.com',
      template: 'welcome',
      attempt: 1,
    });
    expect(JSON.stringify(publish.attributes)).not.toContain('ann@');
    expect(consume.spanId).toBe(consumed);
    expect(consume.kind).toBe('consumer');
    expect(consume.traceId).toBe(request.traceId);
    expect(consume.parentSpanId).toBe(publish.spanId);
  });

  it('defaults: messageType email for publish, unknown for consume; a given carrier is filled in place', () => {
    const carrier: Record<string, string> = { 'x-id': '1' };
    tracePublish({ channel: 'sms', carrier, tracer: tracing }, () => undefined);
    traceConsume({ channel: 'sms', tracer: tracing }, () => undefined);
    const [publish, consume] = tracing.getAllSpans();
    expect(publish.attributes['herald.message_type']).toBe('mail');
    expect(consume.attributes['herald.message_type']).toBe('unknown');
    expect(consume.parentSpanId).toBeUndefined();
    expect(carrier.traceparent).toContain(publish.spanId);
    expect(carrier['x-id']).toBe('1');
  });

  it('marks the span failed and rethrows', async () => {
    await expect(
      tracePublish({ channel: 'push', tracer: tracing }, async () => {
        throw new Error('provider down');
      }),
    ).rejects.toThrow('provider down');
    expect(() =>
      traceConsume({ channel: 'push', tracer: tracing }, () => {
        throw new Error('bad payload');
      }),
    ).toThrow('bad payload');
    expect(tracing.getAllSpans().map((s) => s.status)).toEqual([
      { code: 'error', message: 'provider down' },
      { code: 'error', message: 'bad payload' },
    ]);
  });

  it('injectTraceContext puts the current context in the carrier, using the registered tracer by default', () => {
    const unregister = registerDefaultTracer(tracing);
    try {
      expect(injectTraceContext({})).toEqual({});
      const span = tracing.startSpan('current');
      const carrier = tracing.withSpan(span, () => injectTraceContext({ a: 'b' }));
      expect(carrier).toEqual({ a: 'b', traceparent: span.spanContext().toTraceparent() });
      const published = tracing.withSpan(span, () => tracePublish({ channel: 'x' }, (s) => s));
      expect(published.spanContext().traceId).toBe(span.traceId);
    } finally {
      unregister();
    }
  });

  it('masks recipients', () => {
    expect(maskRecipient('bob@example.org')).toBe('b***@example.org');
    expect(maskRecipient('+33612345678')).toBe('+33*******78');
    expect(maskRecipient('abc')).toBe('***');
  });

  it('ObservabilityService.trace / tracePublish / traceConsume / injectTraceContext use its own tracer', async () => {
    const observability = new ObservabilityService(tracing);
    const headers = await observability.trace('job', { 'job.id': 'j1' }, (job) =>
      observability
        .tracePublish({ channel: 'inbox', messageType: 'inbox' }, (_s, carrier) => {
          expect(observability.injectTraceContext<Record<string, string>>({}).traceparent).toBe(
            carrier.traceparent,
          );
          return Promise.resolve(carrier);
        })
        .then((carrier) => ({ carrier, job })),
    );
    observability.traceConsume({ channel: 'inbox', carrier: headers.carrier }, () => undefined);
    const [publish, job, consume] = tracing.getAllSpans();
    expect([publish.name, job.name, consume.name]).toEqual([
      'publish inbox',
      'job',
      'process inbox',
    ]);
    expect(job.attributes).toEqual({ 'job.id': 'j1' });
    expect(publish.parentSpanId).toBe(job.spanId);
    expect(consume.parentSpanId).toBe(publish.spanId);
  });
});
