import { Logger } from '@nestjs/common';
import type { AlertDispatcherProtocol, MetricsCollectorProtocol } from '@herald/contracts';
import { HeraldValueError } from '../errors/index.js';
import { LoggingAlertDispatcher } from '../alerts/logging-alert.dispatcher.js';
import { prefersHeap, SampleRingBuffer } from './sample-ring.buffer.js';
import { SortedWindow } from './sorted-window.js';
import { computeErrorBudget, type ErrorBudgetReport } from './error-budget.util.js';
import { dispatchSloRecovery, dispatchSloViolation } from './slo-alert.util.js';
import { createSloViolation, normalizeSlo } from './slo-violation.util.js';
import type { RegisteredSLO, SLO, SLOStatus, SLOViolation } from './slo.types.js';

/** Options of `new SLOMonitor({ maxSamplesPerMetric, alertDispatcher, suppressionWindowMs })`. */
export interface SLOMonitorOptions {
  /** Samples kept per metric; the oldest is dropped beyond. @default 10000 */
  maxSamplesPerMetric?: number;
  /** Where `evaluateAndDispatch()` sends violations. @default new LoggingAlertDispatcher() */
  alertDispatcher?: AlertDispatcherProtocol;
  /** A repeated alert for the same SLO within this many ms is suppressed. @default 300000 */
  suppressionWindowMs?: number;
  /** When given, each evaluation sets the gauges `slo_measured_value_ms`, `slo_burn_rate`, `slo_in_violation` (label `slo`). */
  metricsCollector?: MetricsCollectorProtocol;
  /** Clock in epoch ms (tests). @default Date.now */
  now?: () => number;
}

/**
 * The SLO engine. Samples go into one fixed-size ring per metric
 * (O(1) amortised, no allocation once grown). `evaluate()` reads a high
 * percentile (few values above it) in place with a small heap, one pass; for
 * the others it keeps the SLO's window sorted between evaluations
 * (`SortedWindow`: the values that left and arrived are merged in by binary
 * search and run copies) and reads the nearest rank by index, or selects with
 * Floyd–Rivest on a copy when more than a quarter of the window is new.
 *
 * @example
 * const slos = new SLOMonitor({ alertDispatcher });
 * slos.register({ name: 'api-p99', metric: 'http.latency', percentile: 0.99, thresholdMs: 300, windowMs: 300_000 });
 * slos.recordSample('http.latency', 120);
 * await slos.evaluateAndDispatch();
 */
export class SLOMonitor {
  readonly maxSamplesPerMetric: number;
  readonly suppressionWindowMs: number;
  private readonly dispatcher: AlertDispatcherProtocol;
  private readonly collector?: MetricsCollectorProtocol;
  private readonly now: () => number;
  private readonly slos = new Map<string, RegisteredSLO>();
  private readonly samples = new Map<string, SampleRingBuffer>();
  private readonly lastAlertAt = new Map<string, number>();
  /** SLOs whose violation was dispatched and has not recovered yet. */
  private readonly firing = new Set<string>();
  private readonly statuses = new Map<string, SLOStatus>();
  private readonly views = new Map<string, SortedWindow>();
  private scratch = new Float64Array(0);
  private readonly logger = new Logger('HeraldSLO');

  constructor(options: SLOMonitorOptions = {}) {
    const max = options.maxSamplesPerMetric ?? 10_000;
    if (!Number.isInteger(max) || max < 1) {
      throw new HeraldValueError(`maxSamplesPerMetric must be a positive integer (got ${max})`);
    }
    const suppression = options.suppressionWindowMs ?? 300_000;
    if (!(suppression >= 0)) {
      throw new HeraldValueError(`suppressionWindowMs must be zero or more (got ${suppression})`);
    }
    this.maxSamplesPerMetric = max;
    this.suppressionWindowMs = suppression;
    this.dispatcher = options.alertDispatcher ?? new LoggingAlertDispatcher();
    this.collector = options.metricsCollector;
    this.now = options.now ?? Date.now;
  }

  /** Registers an SLO (defaults filled in); a name already registered throws `HeraldValueError`. */
  register(slo: SLO): RegisteredSLO {
    if (this.slos.has(slo?.name)) {
      throw new HeraldValueError(
        `SLO "${slo.name}" is already registered; give each SLO a unique name`,
      );
    }
    const registered = normalizeSlo(slo);
    this.slos.set(registered.name, registered);
    return registered;
  }

  /** The registered SLOs by name. */
  get registeredSlos(): Record<string, RegisteredSLO> {
    return Object.fromEntries(this.slos);
  }

  /** Stores one sample (milliseconds) of `metric`. O(1) amortised. */
  recordSample(metric: string, valueMs: number): void {
    if (!Number.isFinite(valueMs)) {
      throw new HeraldValueError(`sample of "${metric}" must be a finite number (got ${valueMs})`);
    }
    let ring = this.samples.get(metric);
    if (ring === undefined) {
      ring = new SampleRingBuffer(this.maxSamplesPerMetric);
      this.samples.set(metric, ring);
    }
    ring.push(valueMs, this.now());
  }

  /** Clears one metric's samples, or all of them. */
  clearSamples(metric?: string): void {
    if (metric === undefined) {
      this.samples.clear();
      this.views.clear();
    } else this.samples.get(metric)?.clear();
  }

  /** Samples currently held for `metric` (at most `maxSamplesPerMetric`). */
  sampleCount(metric: string): number {
    return this.samples.get(metric)?.size ?? 0;
  }

  /** Violations now; empty when every SLO is within bounds or has no samples. */
  evaluate(): SLOViolation[] {
    const now = this.now();
    const detectedAt = new Date(now);
    const violations: SLOViolation[] = [];
    for (const slo of this.slos.values()) {
      const ring = this.samples.get(slo.metric);
      let n = 0;
      let measured: number | undefined;
      if (ring !== undefined && ring.size > 0) {
        const fromSeq = ring.seqFrom(now - slo.windowMs);
        n = ring.endSeq - fromSeq;
        if (!prefersHeap(n, slo.percentile)) {
          let view = this.views.get(slo.name);
          if (view === undefined) this.views.set(slo.name, (view = new SortedWindow()));
          measured = view.percentile(ring, fromSeq, slo.percentile);
        } else this.views.delete(slo.name);
        if (measured === undefined && n > 0) {
          if (this.scratch.length < ring.size)
            this.scratch = new Float64Array(this.maxSamplesPerMetric);
          measured = ring.percentileFromSeq(fromSeq, slo.percentile, this.scratch);
        }
      }
      const burnRate = measured === undefined ? undefined : measured / slo.thresholdMs;
      const inViolation =
        measured !== undefined && measured > slo.thresholdMs && burnRate! >= slo.burnRateThreshold;
      if (inViolation) violations.push(createSloViolation(slo, measured!, detectedAt));
      const last = this.lastAlertAt.get(slo.name);
      this.statuses.set(slo.name, {
        slo,
        sampleCount: n,
        measuredValue: measured,
        burnRate,
        inViolation,
        evaluatedAt: detectedAt,
        lastAlertAt: last === undefined ? undefined : new Date(last),
      });
      if (this.collector && measured !== undefined)
        this.exportGauges(slo.name, measured, burnRate!, inViolation);
    }
    return violations;
  }

  /**
   * `evaluate()`, then each violation is sent through the dispatcher with its
   * tier, owner, runbook URL, burn rate and window, unless the same SLO was
   * alerted within `suppressionWindowMs`. An SLO that was alerted and is now
   * measured within bounds is resolved through the dispatcher's
   * `resolveAlert` (PagerDuty closes the incident). A failing dispatcher is
   * logged (the alert or recovery is retried on the next evaluation) and never rejects.
   */
  async evaluateAndDispatch(): Promise<SLOViolation[]> {
    const violations = this.evaluate();
    for (const name of [...this.firing]) {
      const status = this.statuses.get(name);
      if (!status || status.inViolation || status.measuredValue === undefined) continue;
      try {
        await dispatchSloRecovery(this.dispatcher, status.slo, status.measuredValue);
        this.firing.delete(name);
        this.lastAlertAt.delete(name);
      } catch (error) {
        this.logger.error(`recovery of SLO "${name}" failed: ${(error as Error).message}`);
      }
    }
    for (const violation of violations) {
      const { slo } = violation;
      const now = this.now();
      const last = this.lastAlertAt.get(slo.name);
      if (last !== undefined && now - last < this.suppressionWindowMs) continue;
      this.lastAlertAt.set(slo.name, now);
      try {
        await dispatchSloViolation(this.dispatcher, violation);
        this.firing.add(slo.name);
        const status = this.statuses.get(slo.name);
        if (status) status.lastAlertAt = new Date(now);
      } catch (error) {
        this.lastAlertAt.delete(slo.name);
        this.logger.error(`alert for SLO "${slo.name}" failed: ${(error as Error).message}`);
      }
    }
    return violations;
  }

  /** The state of each SLO at the last evaluation (registration order). */
  statusOf(): SLOStatus[] {
    return [...this.slos.keys()].flatMap((name) => {
      const status = this.statuses.get(name);
      return status ? [status] : [];
    });
  }

  /** The SRE Workbook's error-budget view of each SLO (or one), from the samples held now. */
  errorBudget(name?: string): ErrorBudgetReport[] {
    const now = this.now();
    const slos = name === undefined ? [...this.slos.values()] : [this.requireSlo(name)];
    return slos.map((slo) => computeErrorBudget(slo, this.samples.get(slo.metric), now));
  }

  private requireSlo(name: string): RegisteredSLO {
    const slo = this.slos.get(name);
    if (!slo) throw new HeraldValueError(`no SLO named "${name}" is registered`);
    return slo;
  }

  private exportGauges(
    name: string,
    measured: number,
    burnRate: number,
    inViolation: boolean,
  ): void {
    const labels = { slo: name };
    try {
      this.collector!.gauge('slo_measured_value_ms', measured, labels);
      this.collector!.gauge('slo_burn_rate', burnRate, labels);
      this.collector!.gauge('slo_in_violation', inViolation ? 1 : 0, labels);
    } catch (error) {
      this.logger.warn(`SLO gauges for "${name}" not exported: ${(error as Error).message}`);
    }
  }
}
