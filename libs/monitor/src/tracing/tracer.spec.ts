import { setTimeout as sleep } from 'node:timers/promises';
import { ROOT_CONTEXT, SpanKind, context, propagation, trace } from '@opentelemetry/api';
import { InMemorySpanExporter } from '@opentelemetry/sdk-trace-base';
import { hasGlobalContextManager } from './context-manager.util.js';
import { SpanContext } from './span-context.js';
import { Tracer } from './tracer.js';

describe('Tracer', () => {
  let tracer: Tracer;
  let exporter: InMemorySpanExporter;
  beforeEach(() => {
    exporter = new InMemorySpanExporter();
    tracer = new Tracer('orders', exporter, { maxSpans: 3 });
  });
  afterEach(() => tracer.shutdown());

  it('starts OpenTelemetry spans: attributes, kind (INTERNAL by default), events, status, duration', async () => {
    const span = tracer.startSpan('load', { attributes: { 'order.id': 7 } });
    expect(span.kind).toBe('internal');
    expect(span.isRecording()).toBe(true);
    expect(span.getDuration()).toBeUndefined();
    span.setAttribute('extra', 'yes').addEvent('cache.miss', { key: 'k' }).setStatus('ok');
    await sleep(5);
    span.finish();
    expect(span.getDuration()).toBeGreaterThan(0);
    expect(span.ended).toBe(true);
    expect(span.attributes).toEqual({ 'order.id': 7, extra: 'yes' });
    expect(span.events).toEqual([{ name: 'cache.miss', attributes: { key: 'k' } }]);
    expect(span.status).toEqual({ code: 'ok' });
    expect(tracer.startSpan('c', { kind: 'client' }).kind).toBe('client');
    expect(tracer.startSpan('p', { kind: SpanKind.PRODUCER }).kind).toBe('producer');
    await tracer.flush();
    const [exported] = exporter.getFinishedSpans();
    expect(exported.name).toBe('load');
    expect(exported.resource.attributes['service.name']).toBe('orders');
  });

  it('records exceptions as OpenTelemetry exception events and keeps error status with a message', () => {
    const span = tracer.startSpan('fail');
    span.recordException(new TypeError('bad input'));
    span.recordException('plain text');
    span.setStatus({ code: 'error', message: 'bad input' });
    span.end();
    expect(span.events.map((e) => [e.name, e.attributes['exception.message']])).toEqual([
      ['exception', 'bad input'],
      ['exception', 'plain text'],
    ]);
    expect(span.events[0].attributes['exception.type']).toBe('TypeError');
    expect(span.status).toEqual({ code: 'error', message: 'bad input' });
  });

  it('follows the current span across awaits and nests children under it', async () => {
    expect(hasGlobalContextManager()).toBe(true);
    const parent = tracer.startSpan('parent');
    await tracer.withSpan(parent, async () => {
      await sleep(1);
      expect(tracer.getCurrentSpan()).toBe(parent);
      const child = tracer.startSpan('child');
      expect(child.traceId).toBe(parent.traceId);
      expect(child.parentSpanId).toBe(parent.spanId);
      await Promise.all([sleep(1), Promise.resolve()]);
      child.end();
    });
    expect(tracer.getCurrentSpan()).toBeUndefined();
    parent.end();
    expect(parent.parentSpanId).toBeUndefined();
  });

  it('takes an explicit parent (span context or span) and can start a new root', () => {
    const remote = new SpanContext('4bf92f3577b34da6a3ce929d0e0e4736', '00f067aa0ba902b7', 1, true);
    const child = tracer.startSpan('child', { context: remote, kind: 'server' });
    expect(child.traceId).toBe(remote.traceId);
    expect(child.parentSpanId).toBe(remote.spanId);
    const grandchild = tracer.startSpan('gc', { context: child });
    expect(grandchild.parentSpanId).toBe(child.spanId);
    tracer.withSpan(child, () => {
      expect(tracer.startSpan('fresh', { root: true }).parentSpanId).toBeUndefined();
    });
  });

  it('injects and extracts W3C traceparent and baggage', () => {
    const span = tracer.startSpan('send');
    const carrier = tracer.withSpan(span, () => {
      const bag = propagation.createBaggage({ tenant: { value: 'acme' } });
      return context.with(propagation.setBaggage(context.active(), bag), () =>
        tracer.injectContext({}),
      );
    });
    expect(carrier.traceparent).toBe(span.spanContext().toTraceparent());
    expect(carrier.baggage).toBe('tenant=acme');
    const extracted = tracer.extractContext({ Traceparent: carrier.traceparent });
    expect(extracted).toMatchObject({ traceId: span.traceId, spanId: span.spanId, isRemote: true });
    expect(
      propagation.getBaggage(tracer.extractOtelContext(carrier))?.getEntry('tenant')?.value,
    ).toBe('acme');
    const explicit = tracer.injectContext({}, extracted);
    expect(explicit.traceparent).toBe(carrier.traceparent);
    expect(tracer.extractContext({ traceparent: 'garbage' })).toBeUndefined();
    expect(tracer.extractContext({})).toBeUndefined();
    expect(tracer.injectContext({ keep: 'me' })).toEqual({ keep: 'me' });
  });

  it('keeps DEFAULT_TRACER_MAX_SPANS (100) finished spans unless told otherwise', async () => {
    const plain = new Tracer();
    expect(plain.serviceName).toBe('herald-service');
    expect(plain.maxSpans).toBe(100);
    for (let i = 0; i < 101; i++) plain.startSpan(`s${i}`).end();
    expect(plain.getAllSpans()).toHaveLength(100);
    expect(plain.getAllSpans()[0].name).toBe('s1');
    await plain.shutdown();
  });

  it('keeps at most maxSpans finished spans, dropping the oldest', () => {
    for (const name of ['a', 'b', 'c', 'd', 'e']) tracer.startSpan(name).end();
    tracer.startSpan('open');
    expect(tracer.getAllSpans().map((s) => s.name)).toEqual(['c', 'd', 'e']);
    expect(tracer.maxSpans).toBe(3);
    tracer.clearSpans();
    expect(tracer.getAllSpans()).toEqual([]);
  });

  it('returns the very span objects it handed out, and wraps foreign current spans', () => {
    const span = tracer.startSpan('mine');
    span.end();
    expect(tracer.getAllSpans()[0]).toBe(span);
    const foreign = trace.wrapSpanContext({
      traceId: 'a'.repeat(32),
      spanId: 'b'.repeat(16),
      traceFlags: 1,
    });
    context.with(trace.setSpan(ROOT_CONTEXT, foreign), () => {
      expect(tracer.getCurrentSpan()?.spanId).toBe('b'.repeat(16));
    });
  });

  it('does not register a global tracer provider or propagator', () => {
    expect(trace.getTracerProvider().getTracer('x').startSpan('y').isRecording()).toBe(false);
    expect(propagation.fields()).toEqual([]);
  });

  it('applies span limits', () => {
    const limited = new Tracer('l', undefined, {
      spanLimits: { attributeCountLimit: 2, eventCountLimit: 1 },
    });
    const span = limited.startSpan('s', { attributes: { a: 1, b: 2, c: 3 } });
    span.addEvent('one').addEvent('two');
    span.end();
    expect(Object.keys(span.attributes)).toEqual(['a', 'b']);
    expect(span.events.map((e) => e.name)).toEqual(['two']);
    return limited.shutdown();
  });

  it('gives non-recording (sampled-out) spans a duration too and keeps none of them', async () => {
    const { AlwaysOffSampler } = await import('@opentelemetry/sdk-trace-base');
    const off = new Tracer('off', undefined, { sampler: new AlwaysOffSampler() });
    const span = off.startSpan('dropped');
    expect(span.isRecording()).toBe(false);
    expect(span.getDuration()).toBeUndefined();
    span.end();
    expect(span.getDuration()).toBeGreaterThanOrEqual(0);
    expect(off.getAllSpans()).toEqual([]);
    await off.shutdown();
  });

  it('releases the context manager it registered when the last tracer shuts down', async () => {
    const other = new Tracer('other');
    await other.shutdown();
    await other.shutdown();
    expect(hasGlobalContextManager()).toBe(true);
    await tracer.shutdown();
    expect(hasGlobalContextManager()).toBe(false);
    tracer = new Tracer('again');
    expect(hasGlobalContextManager()).toBe(true);
  });
});
