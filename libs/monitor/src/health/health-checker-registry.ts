import { DatabaseHealthCheck, type DataSourceLike } from './checks/database.health-check.js';
import type { HealthCheckResult } from './health-check-result.js';
import { HealthCheckRunner } from './health-check-runner.js';

/** Options of `getOrCreate()`; they only matter the first time a key is created. */
export interface GetOrCreateOptions {
  /** A TypeORM `DataSource` (or anything with `query()`): adds a `database` check running `SELECT 1`. */
  dbProvider?: DataSourceLike;
  /** How long HEALTHY results are reused before a background refresh (failed ones at most 1 s). @default 1000 */
  cacheTtlMs?: number;
  /** Timeout of a check added without one. @default 2000 */
  checkTimeoutMs?: number;
  /** Only these checks run; empty or absent: all. */
  only?: readonly string[];
}

/**
 * Named `HealthCheckRunner`s of one application, each created on first use
 * (`getOrCreate(key)`). `MonitorModule` gives every application its
 * own registry (nothing is shared between Nest apps or tests) and binds its
 * `default` runner as `HealthCheckRunner` and `HEALTH_CHECK_REGISTRY`.
 *
 * Which to use: inject `HealthCheckRunner` (or `HEALTH_CHECK_REGISTRY`, the
 * same instance seen through its protocol) to add and run checks; that is the
 * runner `/health` answers from. Inject this registry only when you need
 * runners of your own beside it (`getOrCreate('admin')`), e.g. a second
 * endpoint with other checks. Outside Nest, create one with `new
 * HealthCheckerRegistry()` and keep it where your application keeps its state.
 *
 * @example
 * constructor(private readonly registry: HealthCheckerRegistry) {}
 * const admin = this.registry.getOrCreate('admin', { dbProvider: dataSource, cacheTtlMs: 5000 });
 */
export class HealthCheckerRegistry {
  private readonly checkers = new Map<string, HealthCheckRunner>();
  private readonly listeners = new Set<(result: HealthCheckResult) => void>();

  /** @param defaults options used when `getOrCreate()` is called without them (e.g. from `HealthConfig`). */
  constructor(private readonly defaults: GetOrCreateOptions = {}) {}

  /** The runner for `key`, created on the first call; later options are ignored. */
  getOrCreate(key = 'default', options: GetOrCreateOptions = {}): HealthCheckRunner {
    const existing = this.checkers.get(key);
    if (existing) return existing;
    const o = { ...this.defaults, ...options };
    const runner = new HealthCheckRunner({
      cacheTtlMs: o.cacheTtlMs ?? 1000,
      checkTimeoutMs: o.checkTimeoutMs ?? 2000,
      only: o.only,
    });
    if (o.dbProvider) runner.add('database', new DatabaseHealthCheck(o.dbProvider));
    runner.onCheckCompleted((result) => this.listeners.forEach((listener) => listener(result)));
    this.checkers.set(key, runner);
    return runner;
  }

  /** Called after every real check run of any of its runners, present or future. Returns an unsubscribe function. */
  onCheckCompleted(listener: (result: HealthCheckResult) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  getChecker(key = 'default'): HealthCheckRunner | undefined {
    return this.checkers.get(key);
  }

  /** A shallow copy: key → runner. */
  listCheckers(): Record<string, HealthCheckRunner> {
    return Object.fromEntries(this.checkers);
  }

  /** Stops every background refresh and timeout, closes the checks and empties the registry. Safe to call twice. */
  async cleanup(): Promise<void> {
    const runners = [...this.checkers.values()];
    this.checkers.clear();
    await Promise.all(runners.map((runner) => runner.close()));
  }

  /** Nest lifecycle: the module's registry is cleaned up when the application closes. */
  async onModuleDestroy(): Promise<void> {
    await this.cleanup();
  }
}
