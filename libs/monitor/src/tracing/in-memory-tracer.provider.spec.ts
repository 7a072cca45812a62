import { InMemorySpanExporter } from '@opentelemetry/sdk-trace-base';
import { InMemoryTracerProvider as FromTesting } from '@herald/monitor/testing';
import { DEFAULT_MAX_SPANS } from './recording-span.processor.js';
import { InMemoryTracerProvider } from './in-memory-tracer.provider.js';

describe('InMemoryTracerProvider', () => {
  const providers: InMemoryTracerProvider[] = [];
  const make = (...args: ConstructorParameters<typeof InMemoryTracerProvider>) => {
    const p = new InMemoryTracerProvider(...args);
    providers.push(p);
    return p;
  };
  afterEach(async () => {
    await Promise.all(providers.splice(0).map((p) => p.shutdown()));
  });

  it('defaults: service "herald-service", documented bound, and is what @herald/monitor/testing exports', () => {
    const p = make();
    expect(p.serviceName).toBe('herald-service');
    expect(p.maxSpans).toBe(DEFAULT_MAX_SPANS);
    expect(DEFAULT_MAX_SPANS).toBe(10_000);
    expect(FromTesting).toBe(InMemoryTracerProvider);
  });

  it('createSpan(name, parent?) nests under the parent and keeps finished spans in order', () => {
    const p = make({ serviceName: 'svc', maxSpans: 10 });
    const root = p.createSpan('root');
    const child = p.createSpan('child', root);
    const byContext = p.createSpan('by-context', root.spanContext());
    child.end();
    byContext.end();
    root.end();
    expect(child.parentSpanId).toBe(root.spanId);
    expect(byContext.parentSpanId).toBe(root.spanId);
    expect(p.getAllSpans().map((s) => s.name)).toEqual(['child', 'by-context', 'root']);
  });

  it('bounds memory: the oldest spans are dropped past maxSpans', () => {
    const p = make('svc', 2);
    for (const n of ['1', '2', '3']) p.startSpan(n).end();
    expect(p.getAllSpans().map((s) => s.name)).toEqual(['2', '3']);
  });

  it('setCurrentSpan sets the parent of later spans until cleared; scoped with a callback', async () => {
    const p = make();
    expect(p.getCurrentSpan()).toBeUndefined();
    const parent = p.createSpan('parent');
    p.setCurrentSpan(parent);
    expect(p.getCurrentSpan()).toBe(parent);
    expect(p.startSpan('a').parentSpanId).toBe(parent.spanId);
    p.setCurrentSpan(undefined);
    expect(p.startSpan('b').parentSpanId).toBeUndefined();
    const other = p.createSpan('other');
    const seen = await p.setCurrentSpan(other, async () => {
      await Promise.resolve();
      return p.createSpan('inside').parentSpanId;
    });
    expect(seen).toBe(other.spanId);
    expect(p.getCurrentSpan()).toBeUndefined();
  });

  it('injects and extracts context, and hands spans to an exporter synchronously', () => {
    const exporter = new InMemorySpanExporter();
    const p = make({ exporter });
    const span = p.createSpan('send');
    const carrier = p.injectContext({}, span.spanContext());
    expect(p.extractContext(carrier)?.spanId).toBe(span.spanId);
    span.end();
    expect(exporter.getFinishedSpans().map((s) => s.name)).toEqual(['send']);
    p.reset();
    expect(p.getAllSpans()).toEqual([]);
  });
});
