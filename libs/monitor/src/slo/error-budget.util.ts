import type { SampleRingBuffer } from './sample-ring.buffer.js';
import type { RegisteredSLO } from './slo.types.js';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** One multi-window, multi-burn-rate alert of the SRE Workbook (chapter 5, table 5-8). */
export interface BurnRateWindow {
  factor: number;
  longWindowMs: number;
  shortWindowMs: number;
  severity: 'page' | 'ticket';
}

/** 14.4× over 1 h and 5 m, 6× over 6 h and 30 m (page); 1× over 3 d and 6 h (ticket). */
export const MULTI_BURN_RATE_WINDOWS: readonly BurnRateWindow[] = [
  { factor: 14.4, longWindowMs: HOUR, shortWindowMs: 5 * MINUTE, severity: 'page' },
  { factor: 6, longWindowMs: 6 * HOUR, shortWindowMs: 30 * MINUTE, severity: 'page' },
  { factor: 1, longWindowMs: 72 * HOUR, shortWindowMs: 6 * HOUR, severity: 'ticket' },
];

/** Budget burn over one window: the bad fraction divided by the allowed one. */
export interface WindowBurn {
  windowMs: number;
  samples: number;
  /** Samples above `thresholdMs`. */
  bad: number;
  burnRate: number;
}

/** `SLOMonitor.errorBudget()`: how fast each SLO spends its error budget. */
export interface ErrorBudgetReport {
  slo: string;
  /** `1 - percentile`: the fraction of samples allowed above the threshold. */
  allowedBadFraction: number;
  /** Over the SLO's own window; `budgetRemaining = max(0, 1 - burnRate)`. */
  window: WindowBurn & { budgetRemaining: number };
  alerts: Array<BurnRateWindow & { longBurnRate: number; shortBurnRate: number; firing: boolean }>;
}

/** Burn rate = (samples above threshold ÷ samples) ÷ (1 − percentile); 0 without samples. */
export function burnOver(
  slo: RegisteredSLO,
  ring: SampleRingBuffer | undefined,
  now: number,
  windowMs: number,
): WindowBurn {
  const { total, above } = ring
    ? ring.countAbove(now - windowMs, slo.thresholdMs)
    : { total: 0, above: 0 };
  const allowed = 1 - slo.percentile;
  const badFraction = total === 0 ? 0 : above / total;
  const burnRate = badFraction === 0 ? 0 : allowed > 0 ? badFraction / allowed : Infinity;
  return { windowMs, samples: total, bad: above, burnRate };
}

/**
 * The error-budget view of one SLO. Only the samples the monitor still holds
 * count (at most `maxSamplesPerMetric` per metric), so the long windows of a
 * busy metric see less than their full length: for 3-day windows use the
 * Prometheus rules from `toPrometheusRules()`.
 */
export function computeErrorBudget(
  slo: RegisteredSLO,
  ring: SampleRingBuffer | undefined,
  now: number,
): ErrorBudgetReport {
  const own = burnOver(slo, ring, now, slo.windowMs);
  return {
    slo: slo.name,
    allowedBadFraction: 1 - slo.percentile,
    window: { ...own, budgetRemaining: Math.max(0, 1 - own.burnRate) },
    alerts: MULTI_BURN_RATE_WINDOWS.map((w) => {
      const longBurnRate = burnOver(slo, ring, now, w.longWindowMs).burnRate;
      const shortBurnRate = burnOver(slo, ring, now, w.shortWindowMs).burnRate;
      return {
        ...w,
        longBurnRate,
        shortBurnRate,
        firing: longBurnRate >= w.factor && shortBurnRate >= w.factor,
      };
    }),
  };
}
