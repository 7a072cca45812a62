import type {
  HealthCheckAddOptions,
  HealthCheckFunction,
  HealthCheckProtocol,
  HealthCheckRegistryProtocol,
  HealthReport,
} from '@herald/contracts';
import { DatabaseHealthCheck, type DataSourceLike } from './checks/database.health-check';
import type { HealthCheckResult } from './health-check-result';
import { HealthCheckRunner, type HealthCheckSummary } from './health-check-runner';

/** Options of `getOrCreate()`; they only matter the first time a key is created. */
export interface GetOrCreateOptions {
  /** A TypeORM `DataSource` (or anything with `query()`): adds a `database` check running `SELECT 1`. */
  dbProvider?: DataSourceLike;
  /** How long results are reused before a background refresh. @default 5000 */
  cacheTtlMs?: number;
  /** Timeout of a check added without one. @default 2000 */
  checkTimeoutMs?: number;
  /** Only these checks run; empty or absent: all. */
  only?: readonly string[];
}

let processDefault: HealthCheckerRegistry | undefined;

/**
 * Named `HealthCheckRunner`s, created on first use (SPEC `HealthCheckerRegistry`).
 * `MonitorModule` gives each application its own instance (no state shared
 * between Nest apps or tests). The static methods act on one process-default
 * instance for code outside Nest; `HealthCheckerRegistry.cleanup()` empties
 * and forgets it. The instance itself is the SPEC "registry variant": `add`,
 * `runCheck`, `runAll`, ..., `healthCheck` act on its `default` runner.
 *
 * @example const checker = HealthCheckerRegistry.getOrCreate('default', { dataSource, cacheTtlMs: 5000 });
 */
export class HealthCheckerRegistry implements HealthCheckRegistryProtocol {
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
      cacheTtlMs: o.cacheTtlMs ?? 5000,
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

  add(
    name: string,
    check: HealthCheckProtocol | HealthCheckFunction,
    options?: HealthCheckAddOptions,
  ): void {
    this.getOrCreate().add(name, check, options);
  }

  runCheck(name: string): Promise<HealthCheckResult> {
    return this.getOrCreate().runCheck(name);
  }

  runAll(): Promise<Record<string, HealthCheckResult>> {
    return this.getOrCreate().runAll();
  }

  runLiveness(): Promise<HealthCheckSummary> {
    return this.getOrCreate().runLiveness();
  }

  runReadiness(): Promise<HealthCheckSummary> {
    return this.getOrCreate().runReadiness();
  }

  runStartup(): Promise<HealthCheckSummary> {
    return this.getOrCreate().runStartup();
  }

  healthCheck(timeoutMs = 5000): Promise<HealthReport> {
    return this.getOrCreate().healthCheck(timeoutMs);
  }

  /** The process-default registry behind the static methods (created on first use). */
  static processDefault(): HealthCheckerRegistry {
    return (processDefault ??= new HealthCheckerRegistry());
  }

  static getOrCreate(key = 'default', options: GetOrCreateOptions = {}): HealthCheckRunner {
    return HealthCheckerRegistry.processDefault().getOrCreate(key, options);
  }

  static getChecker(key = 'default'): HealthCheckRunner | undefined {
    return processDefault?.getChecker(key);
  }

  static listCheckers(): Record<string, HealthCheckRunner> {
    return processDefault?.listCheckers() ?? {};
  }

  /** Cleans up the process-default registry and forgets it. Safe to call twice. */
  static async cleanup(): Promise<void> {
    const registry = processDefault;
    processDefault = undefined;
    await registry?.cleanup();
  }
}
