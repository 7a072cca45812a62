import { Injectable } from '@nestjs/common';
import { EventEmitterModule, OnEvent } from '@nestjs/event-emitter';
import { Test } from '@nestjs/testing';
import {
  HEALTH_CHECK_REGISTRY,
  HEALTH_PROBE_COMPLETED_EVENT,
  HealthCheckCategory,
  HealthStatus,
  type HealthProbeCompletedEvent,
} from '@herald/contracts';
import { NoopHealthCheckRegistry, ObservabilityModule } from '@herald/observability';
import { MonitorModule } from '../monitor.module.js';
import { HealthCheckRunner } from './health-check-runner.js';
import { HealthChecker } from './health-checker.decorator.js';
import { HealthCheckerRegistry } from './health-checker-registry.js';

@Injectable()
class PaymentsHealth {
  calls = 0;

  @HealthChecker('payments', {
    category: HealthCheckCategory.LIVENESS,
    critical: false,
    timeoutMs: 300,
  })
  async paymentsUp(): Promise<boolean> {
    this.calls++;
    return this.calls > 0 && this instanceof PaymentsHealth;
  }

  notACheck(): boolean {
    return false;
  }
}

@Injectable()
class ProbeListener {
  events: HealthProbeCompletedEvent[] = [];
  @OnEvent(HEALTH_PROBE_COMPLETED_EVENT)
  onProbe(event: HealthProbeCompletedEvent): void {
    this.events.push(event);
  }
}

async function boot(monitor = MonitorModule.configure({ config: { health: { cacheTtl: 0 } } })) {
  const moduleRef = await Test.createTestingModule({
    imports: [ObservabilityModule, EventEmitterModule.forRoot(), monitor],
    providers: [PaymentsHealth, ProbeListener],
  }).compile();
  await moduleRef.init();
  return moduleRef;
}

describe('health providers in MonitorModule', () => {
  it('binds HEALTH_CHECK_REGISTRY to the one default runner and discovers @HealthChecker methods', async () => {
    const moduleRef = await boot();
    const registry = moduleRef.get(HealthCheckerRegistry);
    const runner = moduleRef.get(HealthCheckRunner);
    expect(moduleRef.get(HEALTH_CHECK_REGISTRY)).toBe(runner);
    expect(registry.getOrCreate()).toBe(runner);
    expect(registry.getOrCreate('default')).toBe(runner);
    expect(runner.checkNames).toEqual(['payments']);
    const [status, results] = await runner.runLiveness();
    expect(status).toBe(HealthStatus.HEALTHY);
    expect(results.payments.critical).toBe(false);
    expect(moduleRef.get(PaymentsHealth).calls).toBe(1);
    await moduleRef.close();
    expect(registry.listCheckers()).toEqual({});
  });

  it('emits HEALTH_PROBE_COMPLETED_EVENT { checkName, healthy } after each run', async () => {
    const moduleRef = await boot();
    const runner = moduleRef.get(HealthCheckRunner);
    runner.add('down', () => false);
    await runner.runAll();
    const other = moduleRef.get(HealthCheckerRegistry).getOrCreate('other', { cacheTtlMs: 0 });
    other.add('elsewhere', () => true);
    await other.runAll();
    const events = moduleRef.get(ProbeListener).events;
    expect(events).toEqual(
      expect.arrayContaining([
        { checkName: 'payments', healthy: true },
        { checkName: 'down', healthy: false },
        { checkName: 'elsewhere', healthy: true },
      ]),
    );
    await moduleRef.close();
  });

  it('each application gets its own registry', async () => {
    const a = await boot();
    const b = await boot();
    expect(a.get(HealthCheckerRegistry)).not.toBe(b.get(HealthCheckerRegistry));
    await Promise.all([a.close(), b.close()]);
  });

  it('stub() binds the no-op registry', async () => {
    const moduleRef = await boot(MonitorModule.stub());
    const registry = moduleRef.get<NoopHealthCheckRegistry>(HEALTH_CHECK_REGISTRY);
    expect(registry).toBeInstanceOf(NoopHealthCheckRegistry);
    registry.add();
    expect(await registry.runAll()).toEqual({});
    expect((await registry.healthCheck()).status).toBe(HealthStatus.HEALTHY);
    expect((await registry.runCheck('x')).status).toBe(HealthStatus.UNKNOWN);
    await moduleRef.close();
  });
});
