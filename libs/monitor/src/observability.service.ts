import { Inject, Injectable, Optional } from '@nestjs/common';
import {
  METRICS_COLLECTOR,
  TRACER,
  type MetricProtocol,
  type MetricsCollectorProtocol,
  type SpanAttributes,
  type SpanProtocol,
  type TracerProtocol,
} from '@herald/contracts';
import { NoopMetricsCollector, NoopTracer } from '@herald/observability';
import { performance } from 'node:perf_hooks';
import { MetricProxy } from './metrics/collector/metric-proxy.js';
import {
  injectTraceContext,
  traceConsume,
  tracePublish,
  type TraceConsumeOptions,
  type TracePublishOptions,
} from './tracing/messaging.util.js';
import { isThenable } from './utils/is-thenable.util.js';

/**
 * `ObservabilityService`: one handle on the
 * bound tracer and metrics collector (no-op stand-ins when absent).
 *
 * @example
 * await observability.trace('orders.load', { id }, async (span) => repo.load(id));
 * const rows = await observability.timed('db.query', () => db.query(sql));
 */
@Injectable()
export class ObservabilityService {
  readonly tracer: TracerProtocol;
  readonly meter: MetricsCollectorProtocol;
  private readonly proxies = new Map<string, MetricProxy>();

  constructor(
    @Optional() @Inject(TRACER) tracer?: TracerProtocol,
    @Optional() @Inject(METRICS_COLLECTOR) meter?: MetricsCollectorProtocol,
  ) {
    this.tracer = tracer ?? new NoopTracer();
    this.meter = meter ?? new NoopMetricsCollector();
  }

  registerMetric(metric: MetricProtocol): void {
    this.meter.registerMetric(metric);
  }

  /**
   * Runs `fn` inside a span named `name` (current across awaits) and returns
   * what `fn` returns. A throw or rejection is recorded on the span (status
   * error) and rethrown; the span ends when `fn` settles.
   */
  trace<T>(name: string, attributes: SpanAttributes | undefined, fn: (span: SpanProtocol) => T): T {
    const span = this.tracer.startSpan(name, { attributes });
    const fail = (error: unknown) => {
      span.recordException(error);
      span.setStatus({ code: 'error', message: (error as Error)?.message ?? String(error) });
      span.end();
    };
    let result: T;
    try {
      result = this.tracer.withSpan(span, () => fn(span));
    } catch (error) {
      fail(error);
      throw error;
    }
    if (isThenable(result)) {
      return Promise.resolve(result).then(
        (value) => {
          span.end();
          return value;
        },
        (error: unknown) => {
          fail(error);
          throw error;
        },
      ) as T;
    }
    span.end();
    return result;
  }

  /** `tracePublish()` with this service's tracer: a PRODUCER span, context injected into the message headers. */
  tracePublish<T>(
    options: TracePublishOptions,
    fn: (span: SpanProtocol, carrier: Record<string, string>) => T,
  ): T {
    return tracePublish({ tracer: this.tracer, ...options }, fn);
  }

  /** `traceConsume()` with this service's tracer: a CONSUMER span whose parent comes from the carrier. */
  traceConsume<T>(options: TraceConsumeOptions, fn: (span: SpanProtocol) => T): T {
    return traceConsume({ tracer: this.tracer, ...options }, fn);
  }

  /** `injectTraceContext()` with this service's tracer. */
  injectTraceContext<C extends Record<string, string>>(carrier: C): C {
    return injectTraceContext(carrier, this.tracer);
  }

  /** A counter handle on `name` (one per name, so its `value` accumulates). */
  counter(name: string): MetricProxy {
    return this.proxy(name, 'counter');
  }

  /** A histogram handle on `name`. */
  histogram(name: string): MetricProxy {
    return this.proxy(name, 'histogram');
  }

  /**
   * Runs `fn` and records its elapsed time in seconds on histogram
   * `metricName`, also when it throws or rejects.
   */
  timed<T>(metricName: string, fn: () => T): T {
    const start = performance.now();
    const record = () => this.meter.histogram(metricName, (performance.now() - start) / 1000);
    let result: T;
    try {
      result = fn();
    } catch (error) {
      record();
      throw error;
    }
    if (isThenable(result)) {
      return Promise.resolve(result).finally(record) as T;
    }
    record();
    return result;
  }

  private proxy(name: string, type: 'counter' | 'histogram'): MetricProxy {
    const key = `${type}:${name}`;
    let proxy = this.proxies.get(key);
    if (!proxy) this.proxies.set(key, (proxy = new MetricProxy(name, this.meter, type)));
    return proxy;
  }
}
