import { isThenable } from '../utils/is-thenable.util.js';
import {
  HealthStatus,
  type HealthCheckFunction,
  type HealthCheckProtocol,
  type HealthCheckResultLike,
} from '@herald/contracts';
import { HealthCheckResult } from './health-check-result.js';
import { describeError, outcomeToResult } from './outcome-to-result.util.js';

/**
 * Base class of a health check (`name`, `critical = true`): extend it and implement
 * `probe()`; `check()` times it and turns a throw into an UNHEALTHY result.
 * Set `timeoutMs` to give the check its own default timeout.
 *
 * @example class QueueCheck extends BaseHealthCheck { protected probe() { return queue.isReady(); } }
 */
export abstract class BaseHealthCheck implements HealthCheckProtocol {
  /** Default per-check timeout used when `add()` gives none. */
  timeoutMs?: number;

  constructor(
    readonly name: string,
    readonly critical = true,
  ) {}

  /** Returns a verdict (`true`/`false`), details (`{ status?, message?, ... }`) or a full result. */
  protected abstract probe(): unknown;

  async check(): Promise<HealthCheckResultLike> {
    return this.evaluate();
  }

  /**
   * `check()` without the promise when `probe()` answers synchronously, so the
   * runner can skip the timeout timer of a check that has already finished.
   */
  evaluate(): HealthCheckResultLike | Promise<HealthCheckResultLike> {
    const started = performance.now();
    let outcome: unknown;
    try {
      outcome = this.probe();
    } catch (error) {
      return this.failed(error, started);
    }
    if (!isThenable(outcome)) {
      return outcomeToResult(this.name, outcome, performance.now() - started, this.critical);
    }
    return Promise.resolve(outcome).then(
      (value) => outcomeToResult(this.name, value, performance.now() - started, this.critical),
      (error: unknown) => this.failed(error, started),
    );
  }

  private failed(error: unknown, started: number): HealthCheckResult {
    return new HealthCheckResult({
      name: this.name,
      status: HealthStatus.UNHEALTHY,
      message: describeError(error),
      durationMs: performance.now() - started,
      critical: this.critical,
    });
  }
}

/** A health check from a function (`name`, `fn`, `critical = true`). */
export class FunctionHealthCheck extends BaseHealthCheck {
  constructor(
    name: string,
    private readonly func: HealthCheckFunction,
    critical = true,
  ) {
    super(name, critical);
  }

  protected probe(): unknown {
    return this.func();
  }
}
