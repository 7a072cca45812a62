import { HealthCheckCategory, HealthStatus } from '@herald/contracts';
import { HeraldKeyError } from '../errors/herald-key.error.js';
import { HeraldValueError } from '../errors/herald-value.error.js';
import { BaseHealthCheck, FunctionHealthCheck } from './base-health-check.js';
import { HealthCheckResult } from './health-check-result.js';
import { HealthCheckRunner } from './health-check-runner.js';
import { HealthChecker } from './health-checker.decorator.js';

describe('HealthCheckRunner', () => {
  let runner: HealthCheckRunner;
  beforeEach(() => {
    runner = new HealthCheckRunner({ checkTimeoutMs: 500 });
  });
  afterEach(() => runner.close());

  it('accepts functions returning booleans, objects and results, sync or async, and protocol instances', async () => {
    class QueueCheck extends BaseHealthCheck {
      protected probe() {
        return { status: HealthStatus.DEGRADED, message: 'lagging', lag: 42 };
      }
    }
    runner.add('bool', () => true);
    runner.add('asyncFalse', async () => false);
    runner.add('object', () => ({ healthy: true, version: '1.2' }));
    runner.add(
      'result',
      async () => new HealthCheckResult({ name: 'x', status: HealthStatus.DEGRADED }),
    );
    runner.add('protocol', new QueueCheck('queue'));
    runner.add('fn', new FunctionHealthCheck('fn', () => true, false));
    const results = await runner.runAll();
    expect(Object.keys(results).sort()).toEqual(runner.checkNames);
    expect(results.bool.status).toBe(HealthStatus.HEALTHY);
    expect(results.asyncFalse.status).toBe(HealthStatus.UNHEALTHY);
    expect(results.object).toMatchObject({ status: 'healthy', details: { version: '1.2' } });
    expect(results.result).toMatchObject({ name: 'result', status: 'degraded' });
    expect(results.protocol).toMatchObject({
      status: 'degraded',
      message: 'lagging',
      details: { lag: 42 },
    });
    expect(results.fn.critical).toBe(false);
    expect(results.bool.category).toBe(HealthCheckCategory.READINESS);
    expect(results.bool.timestamp).toBeCloseTo(Date.now() / 1000, 0);
  });

  it('has, checkNames sorted, remove; unknown remove is a HeraldKeyError; duplicates are refused', () => {
    runner.add('b', () => true);
    runner.add('a', () => true);
    expect(runner.checkNames).toEqual(['a', 'b']);
    expect(runner.has('a')).toBe(true);
    runner.remove('a');
    expect(runner.has('a')).toBe(false);
    expect(() => runner.remove('a')).toThrow(HeraldKeyError);
    expect(() => runner.remove('a')).toThrow(/"a"/);
    expect(() => runner.add('b', () => true)).toThrow(HeraldValueError);
  });

  it('a check that never resolves is UNHEALTHY after its timeout, and runAll does not throw', async () => {
    runner.add('hangs', () => new Promise<boolean>(() => undefined), { timeoutMs: 50 });
    runner.add('ok', () => true);
    const [status, results] = await runner.runAllWithSummary();
    expect(status).toBe(HealthStatus.UNHEALTHY);
    expect(results.hangs.status).toBe(HealthStatus.UNHEALTHY);
    expect(results.hangs.message).toMatch(/timed out after 50 ms/);
    expect(results.ok.status).toBe(HealthStatus.HEALTHY);
  });

  it('arms a timeout timer only for checks that answer asynchronously', async () => {
    runner.add('sync', () => true);
    runner.add('syncObject', () => ({ ok: 1 }));
    runner.add('syncThrow', () => {
      throw new Error('boom');
    });
    const spy = jest.spyOn(global, 'setTimeout');
    try {
      const results = await runner.runAll();
      expect(results.sync.status).toBe(HealthStatus.HEALTHY);
      expect(results.syncObject.status).toBe(HealthStatus.HEALTHY);
      expect(results.syncThrow).toMatchObject({ status: HealthStatus.UNHEALTHY, message: 'boom' });
      const armed = spy.mock.calls.length;
      expect(armed).toBe(0);
      runner.add('async', async () => true);
      expect((await runner.runAll()).async.status).toBe(HealthStatus.HEALTHY);
      expect(spy.mock.calls.length - armed).toBe(1);
    } finally {
      spy.mockRestore();
    }
  });

  it('a throwing or rejecting check is UNHEALTHY with the reason in message', async () => {
    runner.add('throws', () => {
      throw new Error('boom');
    });
    runner.add('rejects', () => Promise.reject(new TypeError('bad type')));
    const results = await runner.runAll();
    expect(results.throws).toMatchObject({ status: 'unhealthy', message: 'boom' });
    expect(results.rejects).toMatchObject({ status: 'unhealthy', message: 'TypeError: bad type' });
  });

  it('redacts secrets quoted by failing checks', async () => {
    runner.add('db', () => {
      throw new Error('connect failed: postgres://app:s3cr3t@db:5432/x password=hunter2');
    });
    runner.add('api', async () => ({
      healthy: false,
      message: 'got 401 for Bearer abc.def.ghi',
      apiKey: 'k-123',
    }));
    const results = await runner.runAll();
    expect(results.db.message).not.toMatch(/s3cr3t|hunter2/);
    expect(results.db.message).toContain('[REDACTED]');
    expect(results.api.message).not.toContain('abc.def.ghi');
    expect(JSON.stringify(results.api.details)).not.toContain('k-123');
  });

  it('non-critical failures make the aggregate DEGRADED, not UNHEALTHY', async () => {
    runner.add('cache', () => false, { critical: false });
    runner.add('db', () => true);
    const [status] = await runner.runAllWithSummary();
    expect(status).toBe(HealthStatus.DEGRADED);
  });

  it('runs one category at a time', async () => {
    runner.add('live', () => true, { category: HealthCheckCategory.LIVENESS });
    runner.add('ready', () => false, { category: HealthCheckCategory.READINESS });
    runner.add('boot', () => ({ status: HealthStatus.DEGRADED }), {
      category: HealthCheckCategory.STARTUP,
    });
    const [liveStatus, live] = await runner.runLiveness();
    expect([liveStatus, Object.keys(live)]).toEqual([HealthStatus.HEALTHY, ['live']]);
    const [readyStatus, ready] = await runner.runReadiness();
    expect([readyStatus, Object.keys(ready)]).toEqual([HealthStatus.UNHEALTHY, ['ready']]);
    const [startStatus] = await runner.runStartup();
    expect(startStatus).toBe(HealthStatus.DEGRADED);
  });

  it('startup: once it has succeeded it stays succeeded without running the checks again', async () => {
    let calls = 0;
    let ok = false;
    runner.add('migrations', () => (calls++, ok), { category: HealthCheckCategory.STARTUP });
    expect((await runner.runStartup())[0]).toBe(HealthStatus.UNHEALTHY);
    ok = true;
    expect((await runner.runStartup())[0]).toBe(HealthStatus.HEALTHY);
    ok = false;
    expect((await runner.runStartup())[0]).toBe(HealthStatus.HEALTHY);
    expect(calls).toBe(2);
  });

  it('answers fresh cached results per category and per selection without running checks again', async () => {
    const cached = new HealthCheckRunner({ cacheTtlMs: 60_000, only: ['live', 'ready', 'off'] });
    const runs = { live: 0, ready: 0, skipped: 0 };
    cached.add('live', () => ++runs.live > 0, { category: HealthCheckCategory.LIVENESS });
    cached.add('ready', async () => ({ ok: ++runs.ready }));
    cached.add('off', () => false, { critical: false });
    cached.add('skipped', () => ++runs.skipped > 0);
    try {
      const [first, results] = await cached.runAllWithSummary();
      expect(first).toBe(HealthStatus.DEGRADED);
      expect(Object.keys(results).sort()).toEqual(['live', 'off', 'ready']);
      const [again, same] = await cached.runAllWithSummary();
      expect(again).toBe(HealthStatus.DEGRADED);
      expect(same.ready).toBe(results.ready);
      const [liveStatus, live] = await cached.runLiveness();
      expect(liveStatus).toBe(HealthStatus.HEALTHY);
      expect(Object.keys(live)).toEqual(['live']);
      expect(live.live).toBe(results.live);
      expect(Object.keys(await cached.runAll()).sort()).toEqual(['live', 'off', 'ready']);
      expect(runs).toEqual({ live: 1, ready: 1, skipped: 0 });
      cached.beginShutdown();
      const [readyStatus, ready] = await cached.runReadiness();
      expect(readyStatus).toBe(HealthStatus.UNHEALTHY);
      expect(Object.keys(ready).sort()).toEqual(['off', 'ready', 'shutdown']);
    } finally {
      await cached.close();
    }
  });

  it('register() takes marked functions only', async () => {
    const marked = HealthChecker('disk', { critical: false })(() => false);
    runner.register(marked);
    expect((await runner.runCheck('disk')).critical).toBe(false);
    expect(() => runner.register(() => true)).toThrow(HeraldValueError);
  });

  it('runCheck of an unknown name gives UNKNOWN', async () => {
    const result = await runner.runCheck('nope');
    expect(result.status).toBe(HealthStatus.UNKNOWN);
    expect(result.message).toContain('"nope"');
  });

  it('healthCheck(timeoutMs) enforces one overall deadline', async () => {
    runner.add('slow', () => new Promise((resolve) => setTimeout(() => resolve(true), 300)), {
      timeoutMs: 400,
    });
    runner.add('fast', () => true);
    const report = await runner.healthCheck(30);
    expect(report.status).toBe(HealthStatus.UNHEALTHY);
    expect(report.checks.slow.message).toMatch(/overall deadline of 30 ms/);
    expect(report.checks.fast.status).toBe(HealthStatus.HEALTHY);
    expect(typeof report.timestamp).toBe('number');
  });

  it('beginShutdown turns readiness and the overall status UNHEALTHY, liveness stays', async () => {
    runner.add('live', () => true, { category: HealthCheckCategory.LIVENESS });
    runner.beginShutdown();
    expect(runner.isShuttingDown).toBe(true);
    const [ready, results] = await runner.runReadiness();
    expect(ready).toBe(HealthStatus.UNHEALTHY);
    expect(results.shutdown.message).toMatch(/shutting down/);
    expect((await runner.runAllWithSummary())[0]).toBe(HealthStatus.UNHEALTHY);
    expect((await runner.runLiveness())[0]).toBe(HealthStatus.HEALTHY);
  });

  it('reports each real run to onCheckCompleted listeners', async () => {
    const seen: Array<[string, string]> = [];
    const off = runner.onCheckCompleted((r) => seen.push([r.name, r.status]));
    runner.add('a', () => true);
    runner.add('b', () => false);
    await runner.runAll();
    off();
    await runner.runAll();
    expect(seen.sort()).toEqual([
      ['a', 'healthy'],
      ['b', 'unhealthy'],
    ]);
  });

  it('close() ends checks still running and forgets every check', async () => {
    runner.add('hangs', () => new Promise<boolean>(() => undefined), { timeoutMs: 10_000 });
    const running = runner.runAll();
    await runner.close();
    const results = await running;
    expect(results.hangs.message).toMatch(/closed/);
    expect(runner.checkNames).toEqual([]);
  });
});
