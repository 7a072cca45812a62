import { HealthStatus, redactDeep, redactText } from '@herald/contracts';
import { HealthCheckResult } from './health-check-result';
import type { HealthCheckEntry } from './health-check-entry';
import { describeError as errorMessage, outcomeToResult } from './outcome-to-result.util';

/** Timers of checks still running, so that `close()` can end them at once. */
export type PendingTimeouts = Set<{ timer: NodeJS.Timeout; settle: (reason: string) => void }>;

/**
 * Runs one check under its timeout. Never rejects: a throw, a rejection or a
 * timeout becomes an UNHEALTHY result whose `message` says why. Messages and
 * details of the result are redacted (URL credentials, bearer tokens,
 * `password=...`), since a failing driver often quotes its connection string.
 */
export function executeHealthCheck(
  entry: HealthCheckEntry,
  pending: PendingTimeouts,
): Promise<HealthCheckResult> {
  const started = performance.now();
  return new Promise<HealthCheckResult>((resolve) => {
    let done = false;
    const finish = (result: HealthCheckResult) => {
      if (done) return;
      done = true;
      clearTimeout(handle.timer);
      pending.delete(handle);
      resolve(finalize(entry, result));
    };
    const fail = (message: string) =>
      finish(
        new HealthCheckResult({
          name: entry.name,
          status: HealthStatus.UNHEALTHY,
          message,
          durationMs: performance.now() - started,
          critical: entry.critical,
        }),
      );
    const handle = {
      timer: setTimeout(
        () => fail(`check "${entry.name}" timed out after ${entry.timeoutMs} ms`),
        entry.timeoutMs,
      ),
      settle: fail,
    };
    pending.add(handle);
    let outcome: unknown;
    try {
      outcome = entry.check.check();
    } catch (error) {
      fail(errorMessage(error));
      return;
    }
    Promise.resolve(outcome).then(
      (value) =>
        finish(outcomeToResult(entry.name, value, performance.now() - started, entry.critical)),
      (error: unknown) => fail(errorMessage(error)),
    );
  });
}

function finalize(entry: HealthCheckEntry, result: HealthCheckResult): HealthCheckResult {
  result.name = entry.name;
  result.critical = entry.critical;
  result.category = entry.category;
  if (result.message !== undefined) result.message = redactText(result.message);
  if (result.details !== undefined) result.details = redactDeep(result.details);
  return result;
}
