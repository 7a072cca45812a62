import { Global, Inject, Injectable, Module } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import {
  HEALTH_CHECK_REGISTRY,
  HealthStatus,
  METRICS_COLLECTOR,
  TRACER,
  type HealthCheckRegistryProtocol,
  type MetricsCollectorProtocol,
  type TracerProtocol,
} from '@herald/contracts';
import { ObservabilityModule } from './observability.module.js';
import { NoopHealthCheckRegistry } from './noop/noop-health-check-registry.js';
import { NoopMetricsCollector } from './noop/noop-metrics-collector.js';
import { NoopTracer } from './noop/noop-tracer.js';
import { getPriorityToken, provideWithPriority } from './utils/provide-with-priority.util.js';

@Injectable()
class Consumer {
  constructor(
    @Inject(METRICS_COLLECTOR) readonly metrics: MetricsCollectorProtocol,
    @Inject(TRACER) readonly tracer: TracerProtocol,
    @Inject(HEALTH_CHECK_REGISTRY) readonly health: HealthCheckRegistryProtocol,
  ) {}
}

@Module({ providers: [Consumer], exports: [Consumer] })
class FeatureModule {}

/** Stands in for MonitorModule: a global module binding a "real" collector with priority. */
class RealCollector extends NoopMetricsCollector {
  readonly real = true;
}

@Global()
@Module({
  providers: [...provideWithPriority({ provide: METRICS_COLLECTOR, useClass: RealCollector })],
  exports: [METRICS_COLLECTOR, getPriorityToken(METRICS_COLLECTOR)],
})
class FakeRealMonitorModule {}

describe('ObservabilityModule', () => {
  it('binds the three no-op stand-ins, resolvable from any module', async () => {
    const app = await Test.createTestingModule({
      imports: [ObservabilityModule, FeatureModule],
    }).compile();
    const consumer = app.get(Consumer);
    expect(consumer.metrics).toBeInstanceOf(NoopMetricsCollector);
    expect(consumer.tracer).toBeInstanceOf(NoopTracer);
    expect(consumer.health).toBeInstanceOf(NoopHealthCheckRegistry);
    await app.close();
  });

  it('no-op collector: drops everything, create* return the collector itself', () => {
    const metrics = new NoopMetricsCollector();
    const counter = metrics.createCounter('requests_total', 'Requests');
    expect(counter).toBe(metrics);
    expect(metrics.createGauge('g')).toBe(metrics);
    expect(metrics.createHistogram('h', '', undefined, [1, 2])).toBe(metrics);
    expect(metrics.createSummary('s')).toBe(metrics);
    counter.increment(5);
    metrics.increment('x', 3, { a: 'b' });
    metrics.histogram('h', 1);
    metrics.gauge('g', 2);
    expect(counter.getCount()).toBe(0);
    expect(metrics.getMetric('requests_total')).toBeUndefined();
    expect(metrics.getAllMetrics()).toEqual([]);
    expect(metrics.getObservations()).toEqual([]);
    expect(metrics.getBucketCounts().size).toBe(0);
    expect(metrics.makeMetricName('x')).toBe('x');
  });

  it('no-op tracer: spans do nothing, no current span, inject leaves the carrier, extract finds nothing', async () => {
    const tracer = new NoopTracer();
    const span = tracer.startSpan('work', { attributes: { a: 1 }, kind: 'server' });
    expect(
      span.setAttribute('k', 'v').addEvent('e').setStatus('error').recordException(new Error('x')),
    ).toBe(span);
    span.end();
    expect(span.getDuration()).toBeUndefined();
    expect(span.isRecording()).toBe(false);
    expect(tracer.getCurrentSpan()).toBeUndefined();
    expect(tracer.withSpan(span, () => 42)).toBe(42);
    const carrier = { existing: 'value' };
    expect(tracer.injectContext(carrier)).toBe(carrier);
    expect(carrier).toEqual({ existing: 'value' });
    expect(
      tracer.extractContext({
        traceparent: '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01',
      }),
    ).toBeUndefined();
    expect(tracer.getAllSpans()).toEqual([]);
    await expect(tracer.flush()).resolves.toBeUndefined();
  });

  it('no-op registry: ignores add, empty results, reports healthy', async () => {
    const registry = new NoopHealthCheckRegistry();
    registry.add('db', () => false);
    expect(await registry.runAll()).toEqual({});
    expect(await registry.runReadiness()).toEqual([HealthStatus.HEALTHY, {}]);
    expect(await registry.runLiveness()).toEqual([HealthStatus.HEALTHY, {}]);
    expect(await registry.runStartup()).toEqual([HealthStatus.HEALTHY, {}]);
    expect((await registry.runCheck('db')).status).toBe(HealthStatus.UNKNOWN);
    const report = await registry.healthCheck();
    expect(report.status).toBe(HealthStatus.HEALTHY);
    expect(report.checks).toEqual({});
    expect(typeof report.timestamp).toBe('number');
  });

  describe.each([
    ['ObservabilityModule first', [ObservabilityModule, FakeRealMonitorModule]],
    ['the real module first', [FakeRealMonitorModule, ObservabilityModule]],
  ])('priority, with %s', (_label, imports) => {
    it('hands out the real binding everywhere and keeps the other stand-ins', async () => {
      const app = await Test.createTestingModule({
        imports: [...imports, FeatureModule],
      }).compile();
      const consumer = app.get(Consumer);
      expect(consumer.metrics).toBeInstanceOf(RealCollector);
      expect(app.get(METRICS_COLLECTOR, { strict: false })).toBe(consumer.metrics);
      expect(consumer.tracer).toBeInstanceOf(NoopTracer);
      expect(consumer.health).toBeInstanceOf(NoopHealthCheckRegistry);
      await app.close();
    });
  });

  it('refuses a string token for provideWithPriority', () => {
    expect(() => provideWithPriority({ provide: 'X' as any, useValue: 1 })).toThrow(
      /Symbol tokens/,
    );
  });
});
