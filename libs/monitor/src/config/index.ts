/** The monitor configuration classes; they live in `@herald/contracts` so one loader can validate the whole tree. */
export {
  MonitorConfig,
  MetricsConfig,
  TracingConfig,
  HealthConfig,
  SloConfig,
  ErrorTrackingConfig,
  OpenTelemetryConfig,
  ScrapeConfig,
  BACKEND_TYPES,
  SAMPLER_TYPES,
  PROPAGATION_FORMATS,
  DEFAULT_HISTOGRAM_BUCKETS,
  type BackendType,
  type SamplerType,
  type ConfigIssue,
} from '@herald/contracts';
