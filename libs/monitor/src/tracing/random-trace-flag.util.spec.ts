import { INVALID_SPAN_CONTEXT, ROOT_CONTEXT, context, trace } from '@opentelemetry/api';
import { suppressTracing } from '@opentelemetry/core';
import { AlwaysOffSampler } from '@opentelemetry/sdk-trace-base';
import { SpanContext } from './span-context.js';
import { TRACE_FLAG_RANDOM, TRACE_FLAG_SAMPLED } from './traceparent.util.js';
import { Tracer } from './tracer.js';

const TRACE = '4bf92f3577b34da6a3ce929d0e0e4736';
const REMOTE = '00f067aa0ba902b7';
const remote = (flags: number) => new SpanContext(TRACE, REMOTE, flags, true);

describe('the W3C level-2 random-trace-id flag on the spans of a Herald Tracer', () => {
  const tracer = new Tracer('random-flag', undefined, { maxSpans: 10 });
  afterAll(() => tracer.shutdown());

  it('a new trace sets it (with sampled), and its children keep it', () => {
    const root = tracer.startSpan('root');
    expect(root.spanContext().traceFlags).toBe(TRACE_FLAG_SAMPLED | TRACE_FLAG_RANDOM);
    const child = tracer.withSpan(root, () => tracer.startSpan('child'));
    expect(child.traceId).toBe(root.traceId);
    expect(child.spanContext().traceFlags).toBe(TRACE_FLAG_SAMPLED | TRACE_FLAG_RANDOM);
    expect(root.spanContext().toTraceparent().endsWith('-03')).toBe(true);
  });

  it('a child of a remote parent copies the parent flag, set or unset', () => {
    expect(tracer.startSpan('a', { context: remote(0x03) }).spanContext().traceFlags).toBe(0x03);
    expect(tracer.startSpan('b', { context: remote(0x01) }).spanContext().traceFlags).toBe(0x01);
    // not sampled: a non-recording span, still with the random flag
    const unsampled = tracer.startSpan('c', { context: remote(0x02) });
    expect(unsampled.isRecording()).toBe(false);
    expect(unsampled.spanContext().traceFlags).toBe(0x02);
    expect(tracer.startSpan('d', { context: remote(0x00) }).spanContext().traceFlags).toBe(0x00);
  });

  it('`root: true` starts a new random trace whatever the current span', () => {
    const span = tracer.withSpan(tracer.startSpan('x', { context: remote(0x01) }), () =>
      tracer.startSpan('new', { root: true }),
    );
    expect(span.traceId).not.toBe(TRACE);
    expect(span.spanContext().traceFlags).toBe(0x03);
  });

  it('spans started through the OpenTelemetry API of the provider get it too', () => {
    const parent = trace.setSpanContext(ROOT_CONTEXT, remote(0x03));
    const active = tracer.otelTracer.startActiveSpan('active', {}, parent, (span) => {
      span.end();
      return span.spanContext();
    });
    expect(active.traceFlags).toBe(0x03);
    const other = tracer.provider.getTracer('other-instrumentation');
    expect(tracer.provider.getTracer('other-instrumentation')).toBe(other);
    const span = other.startSpan('x', {}, trace.setSpanContext(ROOT_CONTEXT, remote(0x01)));
    expect(span.spanContext().traceFlags).toBe(0x01);
    expect(other.startSpan('y', {}, ROOT_CONTEXT).spanContext().traceFlags).toBe(0x03);
  });

  it('leaves the shared invalid span context of a suppressed span alone', () => {
    const span = context.with(suppressTracing(ROOT_CONTEXT), () => tracer.startSpan('quiet'));
    expect(span.spanContext().traceId).toBe(INVALID_SPAN_CONTEXT.traceId);
    expect(INVALID_SPAN_CONTEXT.traceFlags).toBe(0);
  });

  it('a new trace that is not sampled is still random', async () => {
    const off = new Tracer('off', undefined, { sampler: new AlwaysOffSampler() });
    try {
      expect(off.startSpan('x').spanContext().traceFlags).toBe(TRACE_FLAG_RANDOM);
      expect(off.injectContext({}, off.startSpan('y').spanContext()).traceparent).toMatch(/-02$/);
    } finally {
      await off.shutdown();
    }
  });
});
