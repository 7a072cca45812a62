import type { AlertDispatcherProtocol } from '@herald/contracts';
import { severityForTier } from './slo-tier.enum.js';
import { formatWindow } from './slo-violation.util.js';
import type { RegisteredSLO, SLOViolation } from './slo.types.js';

/**
 * Sends one violation through a dispatcher: title `SLO <name> violated`,
 * severity by tier, and the tier-aware context (`alertName` = the SLO's name,
 * tier, owner, runbook URL, burn rate, measured value, threshold, window).
 */
export function dispatchSloViolation(
  dispatcher: AlertDispatcherProtocol,
  violation: SLOViolation,
): Promise<void> {
  const { slo } = violation;
  return dispatcher.sendAlert(
    `SLO ${slo.name} violated`,
    violation.message,
    severityForTier(slo.tier),
    {
      alertName: slo.name,
      slo: slo.name,
      metric: slo.metric,
      tier: slo.tier,
      owner: slo.owner,
      runbookUrl: slo.runbookUrl,
      burnRate: Math.round(violation.burnRate * 1000) / 1000,
      measuredValueMs: violation.measuredValue,
      thresholdMs: slo.thresholdMs,
      percentile: slo.percentile,
      window: formatWindow(slo.windowMs),
    },
  );
}

/**
 * Says through a dispatcher that an alerted SLO is back within bounds: same
 * title and `alertName` as its violation (so PagerDuty resolves the same
 * `dedup_key`); a dispatcher without `resolveAlert` ignores it.
 */
export async function dispatchSloRecovery(
  dispatcher: AlertDispatcherProtocol,
  slo: RegisteredSLO,
  measuredValueMs: number,
): Promise<void> {
  await dispatcher.resolveAlert?.(
    `SLO ${slo.name} violated`,
    `SLO ${slo.name} recovered: p${Math.round(slo.percentile * 1000) / 10} of ${slo.metric} is ${Math.round(measuredValueMs * 100) / 100} ms, within ${slo.thresholdMs} ms`,
    {
      alertName: slo.name,
      slo: slo.name,
      metric: slo.metric,
      tier: slo.tier,
      owner: slo.owner,
      runbookUrl: slo.runbookUrl,
      measuredValueMs,
      thresholdMs: slo.thresholdMs,
      window: formatWindow(slo.windowMs),
    },
  );
}
