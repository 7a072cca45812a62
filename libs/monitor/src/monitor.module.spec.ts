import { Injectable, Module, type DynamicModule, type Provider } from '@nestjs/common';
import { APP_INTERCEPTOR } from '@nestjs/core';
import { Test } from '@nestjs/testing';
import {
  InjectHealthRegistry,
  InjectMetrics,
  InjectTracer,
  type HealthCheckRegistryProtocol,
  type MetricsCollectorProtocol,
  type TracerProtocol,
} from '@herald/contracts';
import { NoopHealthCheckRegistry, NoopTracer, ObservabilityModule } from '@herald/observability';
import { MonitorConfig } from './config/index.js';
import { HealthCheckRunner } from './health/health-check-runner.js';
import { MetricsCollector } from './metrics/collector/metrics-collector.js';
import { MONITOR_CONFIG } from './monitor.constants.js';
import { MONITOR_MODULE_OPTIONS } from './monitor.module-definition.js';
import { MonitorModule } from './monitor.module.js';
import { SLOMonitor } from './slo/slo.monitor.js';
import { Tracer } from './tracing/tracer.js';

@Injectable()
class Instrumented {
  constructor(
    @InjectMetrics() readonly metrics: MetricsCollectorProtocol,
    @InjectTracer() readonly tracer: TracerProtocol,
    @InjectHealthRegistry() readonly health: HealthCheckRegistryProtocol,
  ) {}
}

/** A feature module that only declares a consumer: it sees the global monitor bindings. */
@Module({ providers: [Instrumented] })
class FeatureModule {}

async function boot(monitor: DynamicModule) {
  const ref = await Test.createTestingModule({
    imports: [ObservabilityModule, monitor, FeatureModule],
  }).compile();
  await ref.init();
  return ref;
}

function tokens(definition: DynamicModule): unknown[] {
  return (definition.providers ?? []).map((p: Provider) =>
    typeof p === 'function' ? p : p.provide,
  );
}

describe('MonitorModule', () => {
  it('has a readable options token (moduleName set on the builder)', () => {
    expect(MONITOR_MODULE_OPTIONS).toBe('HERALD_MONITOR_MODULE_OPTIONS');
  });

  it('forRoot(): global, the real collector, tracer and runner behind @InjectMetrics/@InjectTracer/@InjectHealthRegistry', async () => {
    const definition = MonitorModule.forRoot({ config: { backendType: 'memory' } });
    expect(definition.module).toBe(MonitorModule);
    expect(definition.global).toBe(true);
    const ref = await boot(definition);
    const used = ref.get(Instrumented);
    expect(used.metrics).toBeInstanceOf(MetricsCollector);
    expect(used.tracer).toBeInstanceOf(Tracer);
    expect(used.health).toBe(ref.get(HealthCheckRunner));
    expect(ref.get(MONITOR_CONFIG).backendType).toBe('memory');
    await ref.close();
  });

  it('forRootAsync(): options from a factory with injected dependencies, slo as an extra', async () => {
    const SETTINGS = Symbol('settings');
    @Module({
      providers: [{ provide: SETTINGS, useValue: { service: 'billing' } }],
      exports: [SETTINGS],
    })
    class SettingsModule {}
    const definition = MonitorModule.forRootAsync({
      imports: [SettingsModule],
      inject: [SETTINGS],
      useFactory: (settings: { service: string }) => ({
        config: { tracing: { serviceName: settings.service } },
      }),
      slo: true,
    });
    expect(definition.global).toBe(true);
    const ref = await boot(definition);
    expect((ref.get(Instrumented).tracer as Tracer).serviceName).toBe('billing');
    expect(ref.get(SLOMonitor)).toBeInstanceOf(SLOMonitor);
    await ref.close();
  });

  it('configure()/configureAsync()/withSlo() are forRoot/forRootAsync under the names of the specification', async () => {
    expect(tokens(MonitorModule.configure({}))).toEqual(tokens(MonitorModule.forRoot({})));
    const factory = () => ({});
    expect(tokens(MonitorModule.configureAsync({ useFactory: factory }))).toEqual(
      tokens(MonitorModule.forRootAsync({ useFactory: factory })),
    );
    expect(tokens(MonitorModule.withSlo())).toEqual(tokens(MonitorModule.forRoot({ slo: true })));
    expect(tokens(MonitorModule.withSlo())).toContain(SLOMonitor);
    const config = new MonitorConfig({ tracing: { serviceName: 'spec' } });
    const ref = await boot(MonitorModule.configure({ config }));
    expect(ref.get(MONITOR_CONFIG)).toBe(config);
    await ref.close();
  });

  it('registers the tracing interceptor globally, except under stub()', () => {
    expect(tokens(MonitorModule.forRoot())).toContain(APP_INTERCEPTOR);
    expect(tokens(MonitorModule.stub())).not.toContain(APP_INTERCEPTOR);
  });

  it('stub(): no-op tracer and health registry behind the same decorators', async () => {
    const ref = await boot(MonitorModule.stub());
    const used = ref.get(Instrumented);
    expect(used.tracer).toBeInstanceOf(NoopTracer);
    expect(used.health).toBeInstanceOf(NoopHealthCheckRegistry);
    await ref.close();
  });
});
