import {
  HealthCheckCategory,
  HealthStatus,
  type HealthCheckAddOptions,
  type HealthCheckFunction,
  type HealthCheckProtocol,
  type HealthCheckRegistryProtocol,
  type HealthReport,
} from '@herald/contracts';
import { HeraldKeyError } from '../errors/herald-key.error.js';
import { HeraldValueError } from '../errors/herald-value.error.js';
import { aggregateStatus } from './aggregate-status.util.js';
import { executeHealthCheck, type PendingTimeouts } from './execute-health-check.util.js';
import { createHealthCheckEntry, positiveMs, type HealthCheckEntry } from './health-check-entry.js';
import { runWithDeadline } from './run-with-deadline.util.js';
import { HealthCheckResult } from './health-check-result.js';
import { getHealthCheckerMetadata } from './health-checker.decorator.js';
import { HealthResultCache } from './health-result-cache.js';

/** `[aggregate, results by name]`, what `runAllWithSummary()` and the category runs return. */
export type HealthCheckSummary = [HealthStatus, Record<string, HealthCheckResult>];

/** Options of a `HealthCheckRunner`. */
export interface HealthCheckRunnerOptions {
  /** Timeout of a check added without one. @default 2000 */
  checkTimeoutMs?: number;
  /** Results are reused this long, then refreshed in the background; 0 runs checks on every probe. @default 0 */
  cacheTtlMs?: number;
  /** Only these checks run (HealthConfig `checks`); empty or absent: all. */
  only?: readonly string[];
}

const SHUTDOWN_CHECK = 'shutdown';

/**
 * Runs named health checks concurrently, each under its own timeout, and
 * aggregates them (see `aggregateStatus`). It also implements
 * `HealthCheckRegistryProtocol` (`runCheck`, `healthCheck`). Nothing it runs can make it throw: a failing or
 * hanging check is an UNHEALTHY result.
 *
 * This is the one to inject: `MonitorModule` binds the application's runner
 * (the `default` runner of its `HealthCheckerRegistry`) under this class and
 * as `HEALTH_CHECK_REGISTRY`; `@HealthChecker()` methods are added to it and
 * the health endpoints answer from it.
 *
 * @example
 * const runner = new HealthCheckRunner();
 * runner.add('db', () => dataSource.query('SELECT 1').then(() => true), { timeoutMs: 1000 });
 * const [status, results] = await runner.runAllWithSummary();
 */
export class HealthCheckRunner implements HealthCheckRegistryProtocol {
  private readonly entries = new Map<string, HealthCheckEntry>();
  private readonly pending: PendingTimeouts = new Set();
  private readonly cache: HealthResultCache;
  private readonly listeners = new Set<(result: HealthCheckResult) => void>();
  private readonly checkTimeoutMs: number;
  private readonly only?: ReadonlySet<string>;
  private startupSummary?: HealthCheckSummary;
  private shutdownMessage?: string;

  constructor(options: HealthCheckRunnerOptions = {}) {
    this.checkTimeoutMs = positiveMs(options.checkTimeoutMs ?? 2000, 'checkTimeoutMs');
    this.only = options.only?.length ? new Set(options.only) : undefined;
    this.cache = new HealthResultCache(options.cacheTtlMs ?? 0, (entry) => this.execute(entry));
  }

  /**
   * Adds a uniquely named check: a `HealthCheckProtocol` instance or a function
   * returning a boolean, an object or a `HealthCheckResult` (sync or async).
   */
  add(
    name: string,
    check: HealthCheckProtocol | HealthCheckFunction,
    options: HealthCheckAddOptions = {},
  ): void {
    if (this.entries.has(name)) {
      throw new HeraldValueError(
        `A health check named "${name}" is already registered; remove it first or pick another name.`,
      );
    }
    this.entries.set(name, createHealthCheckEntry(name, check, options, this.checkTimeoutMs));
  }

  /** Adds a function marked with `HealthChecker(name)(fn)`, with the options it was marked with. */
  register(fn: HealthCheckFunction): void {
    const meta = getHealthCheckerMetadata(fn);
    if (!meta) {
      throw new HeraldValueError(
        `register() needs a function marked with HealthChecker(name); "${fn?.name || 'anonymous'}" is not. Use add(name, fn) instead.`,
      );
    }
    this.add(meta.name, fn, meta);
  }

  /** Removes a check; an unknown name is a `HeraldKeyError`. */
  remove(name: string): void {
    if (!this.entries.delete(name)) {
      throw new HeraldKeyError(
        `No health check named "${name}" is registered (known: ${this.checkNames.join(', ') || 'none'}).`,
      );
    }
    this.cache.forget(name);
  }

  has(name: string): boolean {
    return this.entries.has(name);
  }

  /** Sorted names of the registered checks. */
  get checkNames(): string[] {
    return [...this.entries.keys()].sort();
  }

  /** Called after every real run of a check (not for cached answers). Returns an unsubscribe function. */
  onCheckCompleted(listener: (result: HealthCheckResult) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Every check, concurrently; never rejects. */
  runAll(): Promise<Record<string, HealthCheckResult>> {
    try {
      const results = this.gather(undefined);
      return results instanceof Promise ? results : Promise.resolve(results);
    } catch (error) {
      return Promise.reject(error);
    }
  }

  /** The aggregation rule; non-critical failures count as DEGRADED. */
  aggregateStatus(results: Parameters<typeof aggregateStatus>[0]): HealthStatus {
    return aggregateStatus(results);
  }

  /** `[aggregate, results]` of every check (UNHEALTHY while shutting down). */
  runAllWithSummary(): Promise<HealthCheckSummary> {
    return this.summary(undefined, true);
  }

  runLiveness(): Promise<HealthCheckSummary> {
    return this.summary(HealthCheckCategory.LIVENESS, false);
  }

  /** Readiness checks; UNHEALTHY once `beginShutdown()` was called. */
  runReadiness(): Promise<HealthCheckSummary> {
    return this.summary(HealthCheckCategory.READINESS, true);
  }

  /** Startup checks; once they have succeeded, later calls answer that success without running them. */
  async runStartup(): Promise<HealthCheckSummary> {
    if (this.startupSummary) return this.startupSummary;
    const summary = await this.summary(HealthCheckCategory.STARTUP, false);
    if (summary[0] !== HealthStatus.UNHEALTHY) this.startupSummary = summary;
    return summary;
  }

  /** One check; an unknown name gives a result with status UNKNOWN (no exception). */
  async runCheck(name: string): Promise<HealthCheckResult> {
    const entry = this.entries.get(name);
    if (entry) return this.cache.get(entry);
    return new HealthCheckResult({
      name,
      status: HealthStatus.UNKNOWN,
      message: `no health check named "${name}" is registered`,
      critical: false,
    });
  }

  /** Every check under one overall deadline; checks still running then are UNHEALTHY. */
  async healthCheck(timeoutMs = 5000): Promise<HealthReport> {
    const deadlineMs = positiveMs(timeoutMs, 'timeoutMs');
    const checks = await runWithDeadline(this.selected(), (e) => this.cache.get(e), deadlineMs);
    const [status, all] = this.summarize(checks, true);
    return { status, timestamp: Date.now() / 1000, checks: all };
  }

  /**
   * Graceful shutdown: from now on readiness and the overall status are
   * UNHEALTHY (a critical `shutdown` result), so load balancers stop sending
   * traffic while the process keeps serving what it already has.
   */
  beginShutdown(message = 'the service is shutting down'): void {
    this.shutdownMessage = message;
  }

  get isShuttingDown(): boolean {
    return this.shutdownMessage !== undefined;
  }

  /** Stops background refreshes and running timeouts, closes checks that own resources, forgets every check. */
  async close(): Promise<void> {
    this.cache.clear();
    for (const handle of [...this.pending]) handle.settle('the health check runner was closed');
    const checks = [...this.entries.values()].map((e) => e.check as { close?: () => unknown });
    this.entries.clear();
    this.startupSummary = undefined;
    await Promise.allSettled(
      checks.map((c) => (typeof c.close === 'function' ? c.close() : undefined)),
    );
  }

  private selected(): HealthCheckEntry[] {
    const all = [...this.entries.values()];
    return this.only ? all.filter((e) => this.only!.has(e.name)) : all;
  }

  /**
   * Results of the selected checks (of one category, when given), by name. When
   * every one is at hand (fresh in the cache) they come back as they are, with no
   * promise per check, nor one for the lot.
   */
  private gather(
    category: HealthCheckCategory | undefined,
  ): Record<string, HealthCheckResult> | Promise<Record<string, HealthCheckResult>> {
    const out: Record<string, HealthCheckResult> = {};
    let waits: Promise<void>[] | undefined;
    const now = Date.now();
    for (const entry of this.entries.values()) {
      if (category !== undefined && entry.category !== category) continue;
      if (this.only !== undefined && !this.only.has(entry.name)) continue;
      const r = this.cache.get(entry, now);
      if (r instanceof HealthCheckResult) out[entry.name] = r;
      else (waits ??= []).push(r.then((value) => void (out[entry.name] = value)));
    }
    return waits === undefined ? out : Promise.all(waits).then(() => out);
  }

  /**
   * `[aggregate, results]` of `gather(category)`, as one promise: resolved at once
   * when the results are at hand (no `async` function's extra promise and
   * microtask); a throw becomes a rejection.
   */
  private summary(
    category: HealthCheckCategory | undefined,
    draining: boolean,
  ): Promise<HealthCheckSummary> {
    try {
      const results = this.gather(category);
      return results instanceof Promise
        ? results.then((r) => this.summarize(r, draining))
        : Promise.resolve(this.summarize(results, draining));
    } catch (error) {
      return Promise.reject(error);
    }
  }

  private summarize(
    results: Record<string, HealthCheckResult>,
    draining: boolean,
  ): HealthCheckSummary {
    if (draining && this.shutdownMessage !== undefined) {
      results[SHUTDOWN_CHECK] = new HealthCheckResult({
        name: SHUTDOWN_CHECK,
        status: HealthStatus.UNHEALTHY,
        message: this.shutdownMessage,
        category: HealthCheckCategory.READINESS,
      });
    }
    return [aggregateStatus(results), results];
  }

  private execute(entry: HealthCheckEntry): Promise<HealthCheckResult> {
    return executeHealthCheck(entry, this.pending).then((result) => {
      for (const listener of this.listeners) {
        try {
          listener(result);
        } catch {
          // a listener must not turn a health answer into an error
        }
      }
      return result;
    });
  }
}
