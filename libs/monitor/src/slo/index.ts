export { SLOTier } from './slo-tier.enum';
export type { SLO, RegisteredSLO, SLOViolation, SLOStatus } from './slo.types';
export { SLOMonitor, type SLOMonitorOptions } from './slo.monitor';
export {
  MULTI_BURN_RATE_WINDOWS,
  type BurnRateWindow,
  type ErrorBudgetReport,
  type WindowBurn,
} from './error-budget.util';
export { toPrometheusRules, type PrometheusRulesOptions } from './prometheus-rules.util';
