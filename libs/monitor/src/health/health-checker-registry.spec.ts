import { HealthStatus } from '@herald/contracts';
import { HealthCheckerRegistry } from './health-checker-registry.js';

describe('HealthCheckerRegistry', () => {
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

  it('two registries share nothing, and there is no process-wide registry to leak through', () => {
    const a = new HealthCheckerRegistry();
    const b = new HealthCheckerRegistry();
    a.getOrCreate().add('only-in-a', () => true);
    expect(b.getOrCreate()).not.toBe(a.getOrCreate());
    expect(b.getOrCreate().has('only-in-a')).toBe(false);
    // the only way to a runner is an instance: no static door on the class
    for (const name of ['getOrCreate', 'getChecker', 'listCheckers', 'cleanup', 'processDefault']) {
      expect((HealthCheckerRegistry as unknown as Record<string, unknown>)[name]).toBeUndefined();
    }
  });

  it('does not re-expose the runner: checks are added to and run on a HealthCheckRunner', () => {
    const registry = new HealthCheckerRegistry();
    for (const name of [
      'add',
      'runCheck',
      'runAll',
      'runLiveness',
      'runReadiness',
      'healthCheck',
    ]) {
      expect((registry as unknown as Record<string, unknown>)[name]).toBeUndefined();
    }
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

  it('takes its defaults for the runners it creates', async () => {
    const registry = new HealthCheckerRegistry({ cacheTtlMs: 0, checkTimeoutMs: 50 });
    const runner = registry.getOrCreate();
    runner.add('slow', () => new Promise((resolve) => setTimeout(() => resolve(true), 500)));
    const result = await runner.runCheck('slow');
    expect(result.status).toBe(HealthStatus.UNHEALTHY);
    expect(result.message).toMatch(/50 ?ms/);
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
