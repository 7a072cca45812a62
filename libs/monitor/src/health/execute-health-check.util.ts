import { HealthStatus } from '@herald/contracts';
import { redactDeep, redactText } from '@herald/contracts/internal';
import { isThenable } from '../utils/is-thenable.util.js';
import { BaseHealthCheck } from './base-health-check.js';
import { HealthCheckResult } from './health-check-result.js';
import type { HealthCheckEntry } from './health-check-entry.js';
import { describeError as errorMessage, outcomeToResult } from './outcome-to-result.util.js';

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
  const failure = (message: string) =>
    new HealthCheckResult({
      name: entry.name,
      status: HealthStatus.UNHEALTHY,
      message,
      durationMs: performance.now() - started,
      critical: entry.critical,
    });
  let outcome: unknown;
  try {
    const check = entry.check;
    outcome = check instanceof BaseHealthCheck ? check.evaluate() : check.check();
  } catch (error) {
    return Promise.resolve(finalize(entry, failure(errorMessage(error))));
  }
  // A check that answered synchronously has finished: no timer to arm.
  if (!isThenable(outcome)) {
    return Promise.resolve(
      finalize(
        entry,
        outcomeToResult(entry.name, outcome, performance.now() - started, entry.critical),
      ),
    );
  }
  return new Promise<HealthCheckResult>((resolve) => {
    let done = false;
    const finish = (result: HealthCheckResult) => {
      if (done) return;
      done = true;
      clearTimeout(handle.timer);
      pending.delete(handle);
      resolve(finalize(entry, result));
    };
    const fail = (message: string) => finish(failure(message));
    const handle = {
      timer: setTimeout(
        () => fail(`check "${entry.name}" timed out after ${entry.timeoutMs} ms`),
        entry.timeoutMs,
      ),
      settle: fail,
    };
    pending.add(handle);
    outcome.then(
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
