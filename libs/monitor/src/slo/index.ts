export { SLOTier, severityForTier, parseSloTier } from './slo-tier.enum';
export type { SLO, RegisteredSLO, SLOViolation, SLOStatus } from './slo.types';
export { SLOMonitor, type SLOMonitorOptions } from './slo.monitor';
export { dispatchSloViolation } from './slo-alert.util';
export {
  createSloViolation,
  normalizeSlo,
  percentileLabel,
  formatWindow,
} from './slo-violation.util';
export { nearestRankPercentile } from './nearest-rank.util';
export {
  MULTI_BURN_RATE_WINDOWS,
  type BurnRateWindow,
  type ErrorBudgetReport,
  type WindowBurn,
} from './error-budget.util';
export {
  toPrometheusRules,
  toPrometheusName,
  type PrometheusRulesOptions,
} from './prometheus-rules.util';
export { SloEvaluationScheduler } from './slo-evaluation.scheduler';
export { createSloMonitorFromConfig } from './slo.providers';
