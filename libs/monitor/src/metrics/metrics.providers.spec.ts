import { Injectable, Logger, Module } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { EventEmitterModule, OnEvent } from '@nestjs/event-emitter';
import {
  METRIC_RECORDED_EVENT,
  METRICS_BACKEND,
  METRICS_COLLECTOR,
  type MetricRecordedEvent,
  type MetricsBackendProtocol,
} from '@herald/contracts';
import { NoopMetricsCollector, ObservabilityModule } from '@herald/observability';
import { MonitorModule } from '../monitor.module.js';
import { ObservabilityService } from '../observability.service.js';
import { Metered } from '../decorators/metered.decorator.js';
import { MetricsCollector } from './collector/metrics-collector.js';
import { MemoryMetricsBackend } from './backends/memory-metrics.backend.js';
import { NoopMetricsBackend } from './backends/noop-metrics.backend.js';
import { PrometheusMetricsBackend } from './backends/prometheus-metrics.backend.js';
import { OtlpMetricsBackend } from './backends/otlp-metrics.backend.js';
import type { Histogram } from './instruments/histogram.js';

@Injectable()
class Listener {
  events: MetricRecordedEvent[] = [];
  @OnEvent(METRIC_RECORDED_EVENT)
  onMetric(event: MetricRecordedEvent) {
    this.events.push(event);
  }
}

@Injectable()
class Billing {
  @Metered()
  charge(amount: number) {
    return amount * 2;
  }
}

async function boot(imports: any[], providers: any[] = []) {
  const ref = await Test.createTestingModule({ imports, providers }).compile();
  await ref.init();
  return ref;
}

describe('metrics providers of MonitorModule', () => {
  it.each([
    ['observability first', () => [ObservabilityModule, MonitorModule.configure()]],
    ['monitor first', () => [MonitorModule.configure(), ObservabilityModule]],
  ])('binds a real collector over ObservabilityModule (%s)', async (_label, imports) => {
    const ref = await boot(imports());
    const collector = ref.get(METRICS_COLLECTOR);
    expect(collector).toBeInstanceOf(MetricsCollector);
    expect(ref.get(METRICS_BACKEND)).toBeInstanceOf(NoopMetricsBackend);
    expect(ref.get(ObservabilityService).meter).toBe(collector);
    await ref.close();
  });

  it('configureAsync() takes the options from a factory', async () => {
    const ref = await boot([
      MonitorModule.configureAsync({
        useFactory: async () => ({ config: { backendType: 'memory', metrics: { prefix: 'app' } } }),
      }),
    ]);
    expect(ref.get(METRICS_BACKEND)).toBeInstanceOf(MemoryMetricsBackend);
    expect(ref.get<MetricsCollector>(METRICS_COLLECTOR).makeMetricName('x')).toBe('app_x');
    await ref.close();
  });

  it('stub() binds the no-op collector and backend', async () => {
    const ref = await boot([ObservabilityModule, MonitorModule.stub()]);
    expect(ref.get(METRICS_COLLECTOR)).toBeInstanceOf(NoopMetricsCollector);
    expect(ref.get(METRICS_BACKEND)).toBeInstanceOf(NoopMetricsBackend);
    await ref.close();
  });

  it('builds the backend named by backend_type and uses a given backend as is', async () => {
    for (const [backendType, Type] of [
      ['memory', MemoryMetricsBackend],
      ['prometheus', PrometheusMetricsBackend],
      ['opentelemetry', OtlpMetricsBackend],
    ] as const) {
      const ref = await boot([
        MonitorModule.configure({
          config: { backendType, prometheus: { enableDefaultMetrics: false } },
        }),
      ]);
      expect(ref.get(METRICS_BACKEND)).toBeInstanceOf(Type);
      await ref.close();
    }
    const backend = new MemoryMetricsBackend();
    const ref = await boot([MonitorModule.configure({ backend })]);
    expect(ref.get(METRICS_BACKEND)).toBe(backend);
    const collector = ref.get<MetricsCollector>(METRICS_COLLECTOR);
    expect(backend.collector).toBe(collector);
    collector.increment('orders');
    collector.createCounter('orders').increment(2);
    expect(backend.snapshot('orders')).toEqual([expect.objectContaining({ value: 3 })]);
    await ref.close();
  });

  it('warns at bootstrap when a given backend cannot read the collector', async () => {
    const warn = jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
    try {
      const custom: MetricsBackendProtocol = {
        initialize: async () => undefined,
        shutdown: async () => undefined,
        recordMetric: () => undefined,
        export: async () => undefined,
      };
      const ref = await boot([MonitorModule.configure({ backend: custom })]);
      expect(ref.get(METRICS_BACKEND)).toBe(custom);
      expect(warn).toHaveBeenCalledWith(
        expect.stringContaining('does not extend CollectorMetricsBackend'),
      );
      await ref.close();
      warn.mockClear();
      const quiet = await boot([MonitorModule.configure({ backend: new MemoryMetricsBackend() })]);
      expect(warn).not.toHaveBeenCalledWith(expect.stringContaining('CollectorMetricsBackend'));
      await quiet.close();
    } finally {
      warn.mockRestore();
    }
  });

  it('emits METRIC_RECORDED_EVENT when somebody listens, nothing otherwise', async () => {
    const ref = await boot([EventEmitterModule.forRoot(), MonitorModule.configure()], [Listener]);
    const collector = ref.get<MetricsCollector>(METRICS_COLLECTOR);
    collector.increment('jobs', 2);
    expect(ref.get(Listener).events).toEqual([{ metricName: 'jobs', value: 2 }]);
    await ref.close();

    const quiet = await boot([MonitorModule.configure()]);
    const counter = quiet.get<MetricsCollector>(METRICS_COLLECTOR).createCounter('c');
    expect(counter.sink).toBeNull();
    await quiet.close();
  });

  it('gives @Metered() providers the bound collector', async () => {
    const ref = await boot([MonitorModule.configure()], [Billing]);
    expect(ref.get(Billing).charge(2)).toBe(4);
    const h = ref.get<MetricsCollector>(METRICS_COLLECTOR).getMetric('Billing.charge.duration');
    expect((h as Histogram).getSampleCount({ status: 'ok' })).toBe(1);
    await ref.close();
  });

  it('works inside an imported feature module', async () => {
    @Module({ providers: [Billing], exports: [Billing] })
    class Feature {}
    const ref = await boot([ObservabilityModule, Feature, MonitorModule.configure()]);
    ref.get(Billing).charge(1);
    expect(
      ref.get<MetricsCollector>(METRICS_COLLECTOR).getMetric('billing_charge_duration'),
    ).toBeDefined();
    await ref.close();
  });
});
