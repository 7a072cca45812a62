export { SLOTier } from './slo-tier.enum.js';
export type { SLO, RegisteredSLO, SLOViolation, SLOStatus } from './slo.types.js';
export { SLOMonitor, type SLOMonitorOptions } from './slo.monitor.js';
export {
  MULTI_BURN_RATE_WINDOWS,
  type BurnRateWindow,
  type ErrorBudgetReport,
  type WindowBurn,
} from './error-budget.util.js';
export { toPrometheusRules, type PrometheusRulesOptions } from './prometheus-rules.util.js';
