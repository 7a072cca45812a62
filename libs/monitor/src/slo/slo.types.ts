import type { SLOTier } from './slo-tier.enum.js';

/**
 * A latency objective: the `percentile` of `metric`'s
 * samples over the last `windowMs` must stay at or under `thresholdMs`.
 *
 * @example { name: 'checkout-p99', metric: 'checkout.latency', percentile: 0.99, thresholdMs: 300, windowMs: 300_000 }
 */
export interface SLO {
  /** Unique name. */
  name: string;
  /** Metric whose samples (`recordSample(metric, valueMs)`) are evaluated. */
  metric: string;
  /** Fraction 0..1: 0.99 means p99 (nearest rank). */
  percentile: number;
  /** Maximum acceptable measured value, in milliseconds. */
  thresholdMs: number;
  /** Rolling evaluation window, in milliseconds. */
  windowMs: number;
  /** Alert when measured/threshold is at or above this. @default 1 */
  burnRateThreshold?: number;
  description?: string;
  /** @default SLOTier.P1_BUSINESS_HOURS */
  tier?: SLOTier;
  /** Team or spec id. */
  owner?: string;
  runbookUrl?: string;
}

/** An `SLO` with its defaults filled in: what `registeredSlos` holds. */
export type RegisteredSLO = SLO & Required<Pick<SLO, 'burnRateThreshold' | 'tier'>>;

/** A broken SLO: the measured value, the burn rate and when it was detected. */
export interface SLOViolation {
  slo: RegisteredSLO;
  /** The percentile value (ms) that exceeded the threshold. */
  measuredValue: number;
  /** `measuredValue / slo.thresholdMs`. */
  burnRate: number;
  detectedAt: Date;
  /** Auto-generated when empty. */
  message: string;
}

/** The last evaluated state of one SLO (what the SLO gauges and the demo page show). */
export interface SLOStatus {
  slo: RegisteredSLO;
  /** Samples inside the window at evaluation time. */
  sampleCount: number;
  /** Undefined when there were no samples. */
  measuredValue?: number;
  burnRate?: number;
  inViolation: boolean;
  evaluatedAt: Date;
  /** When this SLO last produced a dispatched alert. */
  lastAlertAt?: Date;
}
