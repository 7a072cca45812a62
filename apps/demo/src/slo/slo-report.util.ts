import { MULTI_BURN_RATE_WINDOWS, type ErrorBudgetReport, type SLOMonitor } from '@herald/monitor';

/** How serious a burn rate is, by the multi-window alert factors (14.4×, 6× page; 1× ticket). */
export type BurnLevel = 'ok' | 'ticket' | 'page' | 'fast-page';

/** One burn-rate alert threshold of the engine (`MULTI_BURN_RATE_WINDOWS`). */
export interface BurnThresholdView {
  factor: number;
  severity: 'page' | 'ticket';
  longWindow: string;
  shortWindow: string;
  longBurnRate: number | null;
  shortBurnRate: number | null;
  /** Both windows at or above `factor`. */
  firing: boolean;
}

/** The burn rate over one window. */
export interface WindowBurnView {
  /** `5m`, `1h`, `3d`. */
  window: string;
  windowMs: number;
  /**
   * Bad fraction ÷ allowed bad fraction; 0 without samples. `null` when the
   * objective allows no bad sample (percentile 1) and some were bad (infinite burn).
   */
  burnRate: number | null;
  level: BurnLevel;
}

/** One SLO on the SLO report (`GET /admin/slos/report` and the `/admin/slos` chart). */
export interface SloReportEntry {
  name: string;
  description?: string;
  metric: string;
  tier: string;
  owner?: string;
  /** The objective: `percentile` of samples at or under `thresholdMs` over `window`. */
  target: { percentile: number; thresholdMs: number; window: string; windowMs: number };
  /** The current value, over the SLO's own window. */
  sli: {
    /** Samples inside the SLO's window. */
    samples: number;
    /** The measured percentile in ms; `null` without samples. */
    measuredValueMs: number | null;
    /** Share of samples at or under the threshold (0..1); `null` without samples. */
    goodFraction: number | null;
  };
  errorBudget: {
    /** `1 - percentile`. */
    allowedBadFraction: number;
    /** Burn rate over the SLO's own window (`null`: infinite). */
    burnRate: number | null;
    /** 0..1: `max(0, 1 - burnRate)`. */
    remaining: number;
    exhausted: boolean;
  };
  /** The SLO's own window and every window the multi-burn-rate alerts use, shortest first. */
  burnRates: WindowBurnView[];
  thresholds: BurnThresholdView[];
  /** True when the monitor holds no sample of the metric at all. */
  noData: boolean;
}

/** The whole report. */
export interface SloReport {
  generatedAt: string;
  /** Samples the monitor keeps per metric: the long windows of a busy metric see only these. */
  maxSamplesPerMetric: number;
  slos: SloReportEntry[];
}

/** `250ms`, `30s`, `5m`, `1h`, `3d`. */
export function windowLabel(ms: number): string {
  const units: Array<[number, string]> = [
    [86_400_000, 'd'],
    [3_600_000, 'h'],
    [60_000, 'm'],
    [1000, 's'],
  ];
  for (const [size, unit] of units) if (ms >= size && ms % size === 0) return `${ms / size}${unit}`;
  return `${ms}ms`;
}

/** The level of a burn rate: at or above 14.4 `fast-page`, 6 `page`, 1 `ticket`, else `ok`. */
export function burnLevel(burnRate: number | null): BurnLevel {
  const rate = burnRate === null ? Infinity : burnRate;
  const [fast, slow, ticket] = [...MULTI_BURN_RATE_WINDOWS]
    .map((w) => w.factor)
    .sort((a, b) => b - a);
  if (rate >= fast) return 'fast-page';
  if (rate >= slow) return 'page';
  if (rate >= ticket) return 'ticket';
  return 'ok';
}

const finite = (rate: number): number | null => (Number.isFinite(rate) ? rate : null);

/** The SLO report entry of one engine error-budget report (pure: no monitor needed). */
export function toReportEntry(
  slo: {
    name: string;
    description?: string;
    metric: string;
    tier: string;
    owner?: string;
    percentile: number;
    thresholdMs: number;
    windowMs: number;
  },
  budget: ErrorBudgetReport,
  measuredValueMs: number | null,
  heldSamples: number,
): SloReportEntry {
  const rates = new Map<number, number>([[slo.windowMs, budget.window.burnRate]]);
  for (const alert of budget.alerts) {
    rates.set(alert.shortWindowMs, alert.shortBurnRate);
    rates.set(alert.longWindowMs, alert.longBurnRate);
  }
  const { samples, bad } = budget.window;
  const ownRate = finite(budget.window.burnRate);
  return {
    name: slo.name,
    description: slo.description,
    metric: slo.metric,
    tier: slo.tier,
    owner: slo.owner,
    target: {
      percentile: slo.percentile,
      thresholdMs: slo.thresholdMs,
      window: windowLabel(slo.windowMs),
      windowMs: slo.windowMs,
    },
    sli: {
      samples,
      measuredValueMs: samples === 0 ? null : measuredValueMs,
      goodFraction: samples === 0 ? null : (samples - bad) / samples,
    },
    errorBudget: {
      allowedBadFraction: budget.allowedBadFraction,
      burnRate: ownRate,
      remaining: budget.window.budgetRemaining,
      exhausted: budget.window.budgetRemaining <= 0,
    },
    burnRates: [...rates.entries()]
      .sort(([a], [b]) => a - b)
      .map(([windowMs, rate]) => ({
        window: windowLabel(windowMs),
        windowMs,
        burnRate: finite(rate),
        level: burnLevel(finite(rate)),
      })),
    thresholds: budget.alerts.map((a) => ({
      factor: a.factor,
      severity: a.severity,
      longWindow: windowLabel(a.longWindowMs),
      shortWindow: windowLabel(a.shortWindowMs),
      longBurnRate: finite(a.longBurnRate),
      shortBurnRate: finite(a.shortBurnRate),
      firing: a.firing,
    })),
    noData: heldSamples === 0,
  };
}

/** Evaluates (without dispatching) and reports every registered SLO, in registration order. */
export function buildSloReport(monitor: SLOMonitor, now: Date = new Date()): SloReport {
  monitor.evaluate();
  const statuses = new Map(monitor.statusOf().map((s) => [s.slo.name, s]));
  const budgets = new Map(monitor.errorBudget().map((b) => [b.slo, b]));
  const slos = Object.values(monitor.registeredSlos).flatMap((slo) => {
    const budget = budgets.get(slo.name);
    if (!budget) return [];
    const measured = statuses.get(slo.name)?.measuredValue ?? null;
    return [toReportEntry(slo, budget, measured, monitor.sampleCount(slo.metric))];
  });
  return { generatedAt: now.toISOString(), maxSamplesPerMetric: monitor.maxSamplesPerMetric, slos };
}
