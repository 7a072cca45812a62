import 'reflect-metadata';
import { context, trace } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import {
  BasicTracerProvider,
  InMemorySpanExporter,
  SimpleSpanProcessor,
} from '@opentelemetry/sdk-trace-base';
import { Span as OtelSpanDecorator } from 'nestjs-otel';
import { Traced } from '../decorators/traced.decorator.js';
import { registerDefaultTracer } from './default-tracer.util.js';
import { Tracer } from './tracer.js';

/** A user's own global OpenTelemetry setup, as NodeSDK / nestjs-otel make it. */
describe('Herald spans inside a user-owned OpenTelemetry SDK', () => {
  const userExporter = new InMemorySpanExporter();
  const userProvider = new BasicTracerProvider({
    spanProcessors: [new SimpleSpanProcessor(userExporter)],
  });
  let herald: Tracer;
  let unregister: () => void;

  beforeAll(() => {
    context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
    trace.setGlobalTracerProvider(userProvider);
    herald = new Tracer('herald-side');
    unregister = registerDefaultTracer(herald);
  });
  afterAll(async () => {
    unregister();
    await herald.shutdown();
    await userProvider.shutdown();
    trace.disable();
    context.disable();
  });

  it('nests both ways with spans of the global provider, and leaves that provider global', async () => {
    const user = trace.getTracer('user');
    const { outer, inner } = await user.startActiveSpan('user.outer', async (outerSpan) => {
      const heraldSpan = herald.startSpan('herald.inner');
      const nested = herald.withSpan(heraldSpan, () => {
        const s = user.startSpan('user.innermost');
        s.end();
        return s;
      });
      heraldSpan.end();
      outerSpan.end();
      return { outer: outerSpan, inner: { heraldSpan, nested } };
    });
    expect(inner.heraldSpan.parentSpanId).toBe(outer.spanContext().spanId);
    expect(inner.heraldSpan.traceId).toBe(outer.spanContext().traceId);
    const innermost = userExporter.getFinishedSpans().find((s) => s.name === 'user.innermost')!;
    expect(innermost.parentSpanContext?.spanId).toBe(inner.heraldSpan.spanId);
    expect(trace.getTracerProvider()).not.toBe(herald.provider);
    expect(userExporter.getFinishedSpans().map((s) => s.name)).not.toContain('herald.inner');
  });

  it('@Traced nests under nestjs-otel @Span and the other way round', async () => {
    class Service {
      @OtelSpanDecorator('otel.outer')
      async outer() {
        return this.middle();
      }
      @Traced('herald.middle')
      async middle() {
        return this.inner();
      }
      @OtelSpanDecorator('otel.inner')
      async inner() {
        return trace.getActiveSpan()?.spanContext().spanId;
      }
    }
    await new Service().outer();
    const outer = userExporter.getFinishedSpans().find((s) => s.name === 'otel.outer')!;
    const innerOtel = userExporter.getFinishedSpans().find((s) => s.name === 'otel.inner')!;
    const middle = herald.getAllSpans().find((s) => s.name === 'herald.middle')!;
    expect(middle.parentSpanId).toBe(outer.spanContext().spanId);
    expect(innerOtel.parentSpanContext?.spanId).toBe(middle.spanId);
    expect(innerOtel.spanContext().traceId).toBe(outer.spanContext().traceId);
  });
});
