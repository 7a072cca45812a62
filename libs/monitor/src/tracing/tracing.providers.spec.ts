import { Inject, Injectable } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { InMemorySpanExporter } from '@opentelemetry/sdk-trace-base';
import { TRACER, type TracerProtocol } from '@herald/contracts';
import { NoopTracer, ObservabilityModule } from '@herald/observability';
import { MonitorModule } from '../monitor.module.js';
import { resolveTracer } from './default-tracer.util.js';
import { Tracer } from './tracer.js';
import { TRACE_EXPORTER } from './tracing.constants.js';

@Injectable()
class UsesTracer {
  constructor(@Inject(TRACER) readonly tracer: TracerProtocol) {}
}

async function boot(
  monitor: ReturnType<typeof MonitorModule.configure>,
  observabilityFirst = true,
) {
  const imports = observabilityFirst
    ? [ObservabilityModule, monitor]
    : [monitor, ObservabilityModule];
  const ref = await Test.createTestingModule({ imports, providers: [UsesTracer] }).compile();
  await ref.init();
  return ref;
}

describe('tracing providers', () => {
  it('MonitorModule binds TRACER to a real Tracer built from TracingConfig, whatever the import order', async () => {
    for (const first of [true, false]) {
      const exporter = new InMemorySpanExporter();
      const ref = await boot(
        MonitorModule.configure({
          config: {
            tracing: {
              serviceName: 'billing',
              maxSpans: 5,
              samplerType: 'parent_based_probability',
              sampleRate: 1,
              maxAttributes: 1,
            },
          },
          exporter,
        }),
        first,
      );
      const tracer = ref.get(UsesTracer).tracer as Tracer;
      expect(tracer).toBeInstanceOf(Tracer);
      expect(ref.get(TRACER)).toBe(tracer);
      expect(tracer.serviceName).toBe('billing');
      expect(tracer.maxSpans).toBe(5);
      expect(ref.get(TRACE_EXPORTER)).toBe(exporter);
      const span = tracer.startSpan('charge', { attributes: { a: 1, b: 2 } });
      expect(resolveTracer()).toBe(tracer);
      span.end();
      expect(Object.keys(span.attributes)).toEqual(['a']);
      await tracer.flush();
      expect(exporter.getFinishedSpans().map((s) => s.name)).toEqual(['charge']);
      await ref.close();
      // the app's close shut the tracer down, which shut the exporter down (it forgets its spans)
      expect(exporter.getFinishedSpans()).toEqual([]);
      expect(resolveTracer()).toBeInstanceOf(NoopTracer);
    }
  });

  it('keeps two apps apart: each has its own tracer and spans', async () => {
    const a = await boot(MonitorModule.configure({ config: { tracing: { serviceName: 'a' } } }));
    const b = await boot(MonitorModule.configure({ config: { tracing: { serviceName: 'b' } } }));
    const ta = a.get<Tracer>(TRACER);
    const tb = b.get<Tracer>(TRACER);
    expect(ta).not.toBe(tb);
    ta.startSpan('only-a').end();
    expect(tb.getAllSpans()).toEqual([]);
    const span = ta.startSpan('in-a');
    ta.withSpan(span, () => expect(resolveTracer()).toBe(ta));
    span.end();
    await Promise.all([a.close(), b.close()]);
  });

  it('binds the no-op tracer under stub() and when tracing is disabled', async () => {
    const stub = await boot(MonitorModule.stub());
    expect(stub.get(UsesTracer).tracer).toBeInstanceOf(NoopTracer);
    await stub.close();
    const off = await boot(MonitorModule.configure({ config: { tracing: { enabled: false } } }));
    expect(off.get(TRACER)).toBeInstanceOf(NoopTracer);
    await off.close();
  });

  it('uses the configured sampler', async () => {
    const ref = await boot(
      MonitorModule.configure({ config: { tracing: { samplerType: 'parent_based_always_off' } } }),
    );
    const tracer = ref.get<Tracer>(TRACER);
    expect(tracer.startSpan('x').isRecording()).toBe(false);
    await ref.close();
  });

  it('TRACER typed as TracerProtocol gives kept spans their kind, parentSpanId and attributes', async () => {
    const ref = await boot(
      MonitorModule.configure({ config: { tracing: { serviceName: 'kinds' } } }),
    );
    // Typed through the contract, as an app reads it: these property reads are what
    // failed to compile (TS2339) while getAllSpans() returned plain SpanProtocol.
    const tracer = ref.get<TracerProtocol>(TRACER);
    const root = tracer.startSpan('GET /orders', {
      kind: 'server',
      attributes: { route: '/orders' },
    });
    const child = tracer.startSpan('SELECT orders', {
      kind: 'client',
      context: root.spanContext(),
    });
    child.end();
    root.end();
    const kept = tracer.getAllSpans();
    expect(kept.map((s) => [s.name, s.kind, s.parentSpanId, s.attributes.route])).toEqual([
      ['SELECT orders', 'client', root.spanContext().spanId, undefined],
      ['GET /orders', 'server', undefined, '/orders'],
    ]);
    expect(new NoopTracer().getAllSpans()).toEqual([]);
    await ref.close();
  });
});
