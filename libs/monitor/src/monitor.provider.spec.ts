import { Module } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { METRICS_BACKEND, METRICS_COLLECTOR, MonitorConfig } from '@herald/contracts';
import { ObservabilityModule } from '@herald/observability';
import { MemoryMetricsBackend } from './metrics/backends/memory-metrics.backend.js';
import { NoopMetricsBackend } from './metrics/backends/noop-metrics.backend.js';
import { PrometheusMetricsBackend } from './metrics/backends/prometheus-metrics.backend.js';
import { MetricsCollector } from './metrics/collector/metrics-collector.js';
import { MonitorProvider } from './monitor.provider.js';

describe('MonitorProvider', () => {
  it('new MonitorProvider(backend, exporter, config) attaches its collector to the backend', () => {
    const backend = new MemoryMetricsBackend();
    const config = new MonitorConfig({ metrics: { prefix: 'app' } });
    const provider = new MonitorProvider(backend, 'exporter', config);
    expect(provider.backend).toBe(backend);
    expect(provider.exporter).toBe('exporter');
    expect(provider.config).toBe(config);
    expect(backend.collector).toBe(provider.collector);
    provider.collector.increment('jobs');
    expect(backend.snapshot('app_jobs')).toEqual([expect.objectContaining({ value: 1 })]);
    expect(new MonitorProvider().backend).toBeInstanceOf(NoopMetricsBackend);
  });

  it('fromConfig() builds the backend backend_type names, and validates', async () => {
    const provider = MonitorProvider.fromConfig({
      backendType: 'prometheus',
      prometheus: { enableDefaultMetrics: false },
    });
    expect(provider).toBeInstanceOf(MonitorProvider);
    expect(provider.backend).toBeInstanceOf(PrometheusMetricsBackend);
    expect((provider.backend as PrometheusMetricsBackend).collector).toBe(provider.collector);
    await provider.initialize();
    await provider.shutdown();
    expect(MonitorProvider.fromConfig({ backendType: 'memory' }).backend).toBeInstanceOf(
      MemoryMetricsBackend,
    );
    const given = new MemoryMetricsBackend();
    expect(MonitorProvider.fromConfig({}, { backend: given }).backend).toBe(given);
    expect(() => MonitorProvider.fromConfig({ backendType: 'nope' })).toThrow(/backend_type/);
  });

  it('its providers bind METRICS_COLLECTOR over ObservabilityModule in any order', async () => {
    const provider = MonitorProvider.fromConfig({ backendType: 'memory' });
    @Module({ providers: provider.providers, exports: provider.exports })
    class MonitorHost {}
    const ref = await Test.createTestingModule({
      imports: [{ module: MonitorHost, global: true }, ObservabilityModule],
    }).compile();
    expect(ref.get(METRICS_COLLECTOR)).toBe(provider.collector);
    expect(ref.get(METRICS_COLLECTOR)).toBeInstanceOf(MetricsCollector);
    expect(ref.get(METRICS_BACKEND)).toBe(provider.backend);
    await ref.close();
  });
});
