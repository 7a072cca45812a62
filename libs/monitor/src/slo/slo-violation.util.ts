import { HeraldValueError } from '../errors/index.js';
import { SLOTier } from './slo-tier.enum.js';
import type { RegisteredSLO, SLO, SLOViolation } from './slo.types.js';

/** Fills the defaults of an SLO and checks its values; throws `HeraldValueError` naming the bad one. */
export function normalizeSlo(slo: SLO): RegisteredSLO {
  const bad = (field: string, value: unknown, rule: string) =>
    new HeraldValueError(`SLO "${slo.name}": ${field} ${rule} (got ${String(value)})`);
  if (typeof slo.name !== 'string' || slo.name.length === 0) {
    throw new HeraldValueError(`SLO name must be a non-empty string (got ${String(slo.name)})`);
  }
  if (typeof slo.metric !== 'string' || slo.metric.length === 0) {
    throw bad('metric', slo.metric, 'must be a non-empty string');
  }
  if (!(slo.percentile >= 0 && slo.percentile <= 1)) {
    throw bad('percentile', slo.percentile, 'must be a fraction between 0 and 1 (0.99 = p99)');
  }
  if (!(slo.thresholdMs > 0) || !Number.isFinite(slo.thresholdMs)) {
    throw bad('thresholdMs', slo.thresholdMs, 'must be a positive number of milliseconds');
  }
  if (!(slo.windowMs > 0) || !Number.isFinite(slo.windowMs)) {
    throw bad('windowMs', slo.windowMs, 'must be a positive number of milliseconds');
  }
  const burnRateThreshold = slo.burnRateThreshold ?? 1;
  if (!(burnRateThreshold >= 0)) {
    throw bad('burnRateThreshold', burnRateThreshold, 'must be zero or more');
  }
  const tier = slo.tier ?? SLOTier.P1_BUSINESS_HOURS;
  if (!(Object.values(SLOTier) as string[]).includes(tier)) {
    throw bad('tier', tier, `must be one of ${Object.values(SLOTier).join(', ')}`);
  }
  return { ...slo, burnRateThreshold, tier };
}

/** `p99`, `p99.9`, `p50`. */
export function percentileLabel(percentile: number): string {
  return `p${Number((percentile * 100).toFixed(3))}`;
}

/** `250ms`, `5m`, `1h`: a window the way people say it. */
export function formatWindow(ms: number): string {
  const units: Array<[number, string]> = [
    [86_400_000, 'd'],
    [3_600_000, 'h'],
    [60_000, 'm'],
    [1000, 's'],
  ];
  for (const [size, unit] of units) if (ms >= size && ms % size === 0) return `${ms / size}${unit}`;
  return `${ms}ms`;
}

/** A `SLOViolation`; the message is generated when `message` is empty. */
export function createSloViolation(
  slo: RegisteredSLO,
  measuredValue: number,
  detectedAt: Date = new Date(),
  message = '',
): SLOViolation {
  const burnRate = measuredValue / slo.thresholdMs;
  return {
    slo,
    measuredValue,
    burnRate,
    detectedAt,
    message:
      message ||
      `SLO "${slo.name}" violated: ${percentileLabel(slo.percentile)} of ${slo.metric} is ` +
        `${round(measuredValue)} ms over the last ${formatWindow(slo.windowMs)}, threshold ` +
        `${slo.thresholdMs} ms (burn rate ${round(burnRate)}x)`,
  };
}

function round(value: number): number {
  return Math.round(value * 100) / 100;
}
