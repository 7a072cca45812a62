import type { ErrorBudgetReport, SLOMonitor, SLOStatus } from '@herald/monitor';

/** One SLO as the demo shows it (JSON and page). */
export interface SloStateView {
  name: string;
  metric: string;
  percentile: number;
  thresholdMs: number;
  windowMs: number;
  burnRateThreshold: number;
  tier: string;
  owner?: string;
  runbookUrl?: string;
  description?: string;
  sampleCount: number;
  measuredValueMs: number | null;
  burnRate: number | null;
  inViolation: boolean;
  lastAlertAt: string | null;
  errorBudget: { burnRate: number; budgetRemaining: number; firingAlerts: string[] };
}

function view(status: SLOStatus, budget: ErrorBudgetReport | undefined): SloStateView {
  const { slo } = status;
  return {
    name: slo.name,
    metric: slo.metric,
    percentile: slo.percentile,
    thresholdMs: slo.thresholdMs,
    windowMs: slo.windowMs,
    burnRateThreshold: slo.burnRateThreshold,
    tier: slo.tier,
    owner: slo.owner,
    runbookUrl: slo.runbookUrl,
    description: slo.description,
    sampleCount: status.sampleCount,
    measuredValueMs: status.measuredValue ?? null,
    burnRate: status.burnRate ?? null,
    inViolation: status.inViolation,
    lastAlertAt: status.lastAlertAt?.toISOString() ?? null,
    errorBudget: {
      burnRate: budget?.window.burnRate ?? 0,
      budgetRemaining: budget?.window.budgetRemaining ?? 1,
      firingAlerts: (budget?.alerts ?? [])
        .filter((a) => a.firing)
        .map((a) => `${a.factor}x ${a.severity}`),
    },
  };
}

/** Evaluates (without dispatching) and returns every SLO's current state. */
export function currentSloState(monitor: SLOMonitor): SloStateView[] {
  monitor.evaluate();
  const budgets = new Map(monitor.errorBudget().map((b) => [b.slo, b]));
  return monitor.statusOf().map((status) => view(status, budgets.get(status.slo.name)));
}
