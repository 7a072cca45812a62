import type { AlertDispatcherProtocol } from '@herald/contracts';
import { severityForTier } from './slo-tier.enum.js';
import { formatWindow } from './slo-violation.util.js';
import type { SLOViolation } from './slo.types.js';

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
