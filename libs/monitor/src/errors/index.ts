export { MonitoringError } from './monitoring.error';
export { HeraldKeyError } from './herald-key.error';
export { HeraldValueError } from './herald-value.error';
export { BackendNotAvailableError } from './backend-not-available.error';
export { InvalidMetricError } from './invalid-metric.error';
export { MetricNotFoundError } from './metric-not-found.error';
export { PerformanceMonitorError } from './performance-monitor.error';
export { SpanError } from './span.error';
