import { HealthCheckCategory, HealthStatus } from '@herald/contracts';
import { HealthCheckerRegistry } from './health-checker-registry';

describe('HealthCheckerRegistry', () => {
  afterEach(() => HealthCheckerRegistry.cleanup());

  it('getOrCreate returns the same runner for the same key and ignores later options', () => {
    const registry = new HealthCheckerRegistry();
    const a = registry.getOrCreate('api', { cacheTtlMs: 1000 });
    expect(registry.getOrCreate('api', { cacheTtlMs: 1 })).toBe(a);
    expect(registry.getOrCreate('other')).not.toBe(a);
    expect(registry.getChecker('api')).toBe(a);
    expect(registry.getChecker('missing')).toBeUndefined();
  });

  it('listCheckers is a shallow copy', () => {
    const registry = new HealthCheckerRegistry();
    const runner = registry.getOrCreate();
    const list = registry.listCheckers();
    expect(list).toEqual({ default: runner });
    delete list.default;
    expect(registry.getChecker()).toBe(runner);
  });

  it('two registries share nothing; the static API uses one process default that cleanup() resets', async () => {
    expect(new HealthCheckerRegistry().getOrCreate()).not.toBe(
      new HealthCheckerRegistry().getOrCreate(),
    );
    const first = HealthCheckerRegistry.getOrCreate();
    expect(HealthCheckerRegistry.getOrCreate()).toBe(first);
    expect(HealthCheckerRegistry.listCheckers()).toEqual({ default: first });
    await HealthCheckerRegistry.cleanup();
    expect(HealthCheckerRegistry.getChecker()).toBeUndefined();
    expect(HealthCheckerRegistry.getOrCreate()).not.toBe(first);
  });

  it('cleanup() empties the registry and is safe to call twice', async () => {
    const registry = new HealthCheckerRegistry();
    registry.getOrCreate().add('x', () => true);
    await registry.cleanup();
    await registry.cleanup();
    expect(registry.listCheckers()).toEqual({});
  });

  it('caches results: 100 concurrent probes run each check once per TTL', async () => {
    const registry = new HealthCheckerRegistry();
    const runner = registry.getOrCreate('cached', { cacheTtlMs: 200 });
    let calls = 0;
    runner.add('counted', async () => {
      calls++;
      await new Promise((resolve) => setTimeout(resolve, 5));
      return true;
    });
    const burst = () => Promise.all(Array.from({ length: 100 }, () => runner.runAllWithSummary()));
    const first = await burst();
    expect(calls).toBe(1);
    expect(first.every(([status]) => status === HealthStatus.HEALTHY)).toBe(true);
    await burst();
    expect(calls).toBe(1);
    // after the TTL the stale answer is served while one background refresh runs
    await new Promise((resolve) => setTimeout(resolve, 220));
    await burst();
    expect(calls).toBe(2);
    await new Promise((resolve) => setTimeout(resolve, 20));
    await burst();
    expect(calls).toBe(2);
    await registry.cleanup();
  });

  it('the registry variant acts on the default runner; unknown names are UNKNOWN', async () => {
    const registry = new HealthCheckerRegistry({ cacheTtlMs: 0 });
    registry.add('db', () => true, { critical: true, category: HealthCheckCategory.LIVENESS });
    registry.add('cache', () => false, { critical: false });
    expect((await registry.runCheck('db')).status).toBe(HealthStatus.HEALTHY);
    expect((await registry.runCheck('ghost')).status).toBe(HealthStatus.UNKNOWN);
    expect(Object.keys(await registry.runAll()).sort()).toEqual(['cache', 'db']);
    expect((await registry.runLiveness())[0]).toBe(HealthStatus.HEALTHY);
    expect((await registry.runReadiness())[0]).toBe(HealthStatus.DEGRADED);
    expect((await registry.runStartup())[0]).toBe(HealthStatus.HEALTHY);
    expect((await registry.healthCheck()).status).toBe(HealthStatus.DEGRADED);
    await registry.cleanup();
  });

  it('with dbProvider a database check is added', async () => {
    const registry = new HealthCheckerRegistry();
    const queries: string[] = [];
    const runner = registry.getOrCreate('db', {
      dbProvider: { isInitialized: true, query: async (sql: string) => queries.push(sql) },
    });
    expect(runner.checkNames).toEqual(['database']);
    expect((await runner.runCheck('database')).status).toBe(HealthStatus.HEALTHY);
    expect(queries).toEqual(['SELECT 1']);
    await registry.cleanup();
  });
});
