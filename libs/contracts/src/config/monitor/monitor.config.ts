import { ConfigSection } from '../schema/config-section';
import { Field } from '../schema/config-field.decorator';
import {
  ErrorTrackingConfig,
  HealthConfig,
  MetricsConfig,
  OpenTelemetryConfig,
  ScrapeConfig,
  SloConfig,
  TracingConfig,
} from './monitor-sections.config';

export const BACKEND_TYPES = ['noop', 'memory', 'prometheus', 'opentelemetry'] as const;
export type BackendType = (typeof BACKEND_TYPES)[number];

/** SPEC `MonitorConfig` (top-level key `monitor`). */
export class MonitorConfig extends ConfigSection {
  @Field.boolean({ default: true, doc: 'Monitoring on' }) enabled!: boolean;
  @Field.string({ nonEmpty: true, default: 'monitor', doc: 'Name of this monitor' }) name!: string;
  @Field.enum(BACKEND_TYPES, {
    default: 'noop',
    doc: 'Metrics backend: noop, memory, prometheus or opentelemetry',
  })
  backendType!: BackendType;
  @Field.section(() => MetricsConfig) metrics!: MetricsConfig;
  @Field.section(() => TracingConfig) tracing!: TracingConfig;
  @Field.section(() => HealthConfig) health!: HealthConfig;
  @Field.section(() => SloConfig) slo!: SloConfig;
  @Field.section(() => ErrorTrackingConfig) errorTracking!: ErrorTrackingConfig;
  @Field.section(() => OpenTelemetryConfig) opentelemetry!: OpenTelemetryConfig;
  @Field.section(() => ScrapeConfig) prometheus!: ScrapeConfig;
  @Field.string({ default: 'development', doc: 'Deployment environment' }) environment!: string;
  @Field.boolean({ default: false, doc: 'Verbose diagnostics' }) debug!: boolean;
}
