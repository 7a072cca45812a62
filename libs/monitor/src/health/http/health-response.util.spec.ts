import { HealthCheckCategory, HealthStatus, type HealthCheckResultLike } from '@herald/contracts';
import { HealthCheckResult } from '../health-check-result.js';
import { HealthCheckRunner } from '../health-check-runner.js';
import { healthResponseBody, healthResponseJson } from './health-response.util.js';

describe('healthResponseJson', () => {
  let now: jest.SpyInstance;
  beforeEach(() => {
    now = jest.spyOn(Date, 'now').mockReturnValue(1_795_545_171_534);
  });
  afterEach(() => now.mockRestore());

  /** What it must equal: the body object, serialised. */
  const reference = (
    status: HealthStatus,
    checks: Record<string, HealthCheckResultLike>,
    includeDetails: boolean,
  ) => JSON.stringify(healthResponseBody(status, checks, includeDetails));

  const results = (): Record<string, HealthCheckResult> => ({
    db: new HealthCheckResult({
      name: 'db',
      status: HealthStatus.HEALTHY,
      durationMs: 0.031369000000040614,
      timestamp: 1795545171.521,
      category: HealthCheckCategory.READINESS,
    }),
    'cache "eu"\u2028': new HealthCheckResult({
      name: 'cache "eu"\u2028',
      status: HealthStatus.UNHEALTHY,
      message: 'redis <down> & "out"',
      details: { host: 'redis', ports: [6379, 6380], at: new Date(0), nested: { ok: false } },
      durationMs: 12,
      critical: false,
    }),
    '7': new HealthCheckResult({ name: '7', status: HealthStatus.DEGRADED }),
  });

  it('is the text of JSON.stringify(healthResponseBody(...)), with and without details, for every status', () => {
    for (const status of Object.values(HealthStatus)) {
      const checks = results();
      expect(healthResponseJson(status, checks, true)).toBe(reference(status, checks, true));
      expect(healthResponseJson(status, checks, false)).toBe(reference(status, checks, false));
      expect(healthResponseJson(status, {}, true)).toBe(reference(status, {}, true));
    }
    expect(JSON.parse(healthResponseJson(HealthStatus.HEALTHY, results(), true))).toMatchObject({
      status: 'healthy',
      timestamp: 1795545171.534,
      checks: { db: { name: 'db', status: 'healthy', category: 'readiness', critical: true } },
    });
  });

  it('serves a result changed after its first answer as it is now, not as it was', () => {
    const checks = results();
    const first = healthResponseJson(HealthStatus.HEALTHY, checks, true);
    expect(healthResponseJson(HealthStatus.HEALTHY, checks, true)).toBe(first);
    checks.db.status = HealthStatus.UNHEALTHY;
    checks.db.message = 'gone';
    checks['7'].details = { lag: 3 };
    checks['7'].durationMs = Number.NaN;
    const again = healthResponseJson(HealthStatus.UNHEALTHY, checks, true);
    expect(again).toBe(reference(HealthStatus.UNHEALTHY, checks, true));
    expect(JSON.parse(again).checks.db).toMatchObject({ status: 'unhealthy', message: 'gone' });
    expect(JSON.parse(again).checks['7']).toMatchObject({ details: { lag: 3 }, durationMs: null });
    // the same result under another name
    const renamed = { other: checks.db };
    expect(healthResponseJson(HealthStatus.HEALTHY, renamed, true)).toBe(
      reference(HealthStatus.HEALTHY, renamed, true),
    );
  });

  it('matches for result-like objects, subclasses with their own toDict, and an unexpected status', () => {
    class Tagged extends HealthCheckResult {
      override toDict() {
        return { ...super.toDict(), tag: 'x' };
      }
    }
    const checks: Record<string, HealthCheckResultLike> = {
      plain: {
        name: 'plain',
        status: HealthStatus.HEALTHY,
        durationMs: 1,
        timestamp: 2,
        critical: true,
      },
      tagged: new Tagged({ name: 'tagged', status: HealthStatus.DEGRADED, timestamp: 3 }),
    };
    expect(healthResponseJson(HealthStatus.DEGRADED, checks, true)).toBe(
      reference(HealthStatus.DEGRADED, checks, true),
    );
    const onlyTagged = { tagged: checks.tagged };
    expect(healthResponseJson(HealthStatus.DEGRADED, onlyTagged, true)).toContain('"tag":"x"');
    expect(healthResponseJson('odd' as HealthStatus, onlyTagged, true)).toBe(
      reference('odd' as HealthStatus, onlyTagged, true),
    );
  });

  it("is what a runner's summary serialises to, cached or not", async () => {
    const runner = new HealthCheckRunner({ cacheTtlMs: 60_000 });
    runner.add('alpha', () => true);
    runner.add('beta', async () => ({ ok: 1, password: 'hunter2' }));
    runner.add('gamma', () => false, { critical: false, category: HealthCheckCategory.LIVENESS });
    try {
      for (let i = 0; i < 3; i++) {
        const [status, checks] = await runner.runAllWithSummary();
        expect(status).toBe(HealthStatus.DEGRADED);
        const json = healthResponseJson(status, checks, true);
        expect(json).toBe(reference(status, checks, true));
        expect(json).not.toContain('hunter2');
      }
      runner.beginShutdown('draining');
      const [status, checks] = await runner.runAllWithSummary();
      expect(healthResponseJson(status, checks, true)).toBe(reference(status, checks, true));
      expect(JSON.parse(healthResponseJson(status, checks, true)).checks.shutdown).toMatchObject({
        status: 'unhealthy',
        message: 'draining',
      });
    } finally {
      await runner.close();
    }
  });
});
