import { HealthStatus } from '@herald/contracts';
import { aggregateStatus, httpStatusFor } from './aggregate-status.util.js';
import { HealthCheckResult } from './health-check-result.js';

const r = (name: string, status: HealthStatus, critical = true) =>
  new HealthCheckResult({ name, status, critical });
const { HEALTHY: H, DEGRADED: D, UNHEALTHY: U, UNKNOWN: K } = HealthStatus;

describe('aggregateStatus (SPEC health aggregation table)', () => {
  it.each([
    ['no checks', [], H],
    ['every check healthy', [r('a', H), r('b', H)], H],
    ['one degraded, none unhealthy', [r('a', H), r('b', D)], D],
    ['degraded and unhealthy', [r('a', D), r('b', U)], U],
    ['one critical unhealthy', [r('a', H), r('b', U)], U],
    ['a critical unknown counts as unhealthy', [r('a', H), r('b', K)], U],
    ['a non-critical unhealthy counts as degraded', [r('a', H), r('b', U, false)], D],
    ['a non-critical unknown counts as degraded', [r('a', K, false)], D],
    ['non-critical failure next to a critical failure', [r('a', U, false), r('b', U)], U],
  ])('%s', (_label, results, expected) => {
    expect(aggregateStatus(results as HealthCheckResult[])).toBe(expected);
    const asRecord = Object.fromEntries((results as HealthCheckResult[]).map((x) => [x.name, x]));
    expect(aggregateStatus(asRecord)).toBe(expected);
  });

  it('maps the aggregate to 200 / 207 / 503', () => {
    expect(httpStatusFor(H)).toBe(200);
    expect(httpStatusFor(D)).toBe(207);
    expect(httpStatusFor(U)).toBe(503);
  });
});

describe('HealthCheckResult', () => {
  it('answers isHealthy / isDegraded and serialises with toDict', () => {
    const result = new HealthCheckResult({
      name: 'db',
      status: D,
      message: 'slow',
      durationMs: 12.5,
      timestamp: 1700000000.25,
      critical: false,
    });
    expect(result.isHealthy()).toBe(false);
    expect(result.isDegraded()).toBe(true);
    expect(result.toDict()).toEqual({
      name: 'db',
      status: 'degraded',
      message: 'slow',
      durationMs: 12.5,
      timestamp: 1700000000.25,
      critical: false,
    });
    expect(JSON.parse(JSON.stringify(result))).toEqual(result.toDict());
    expect(new HealthCheckResult({ name: 'x', status: H }).isHealthy()).toBe(true);
  });
});
