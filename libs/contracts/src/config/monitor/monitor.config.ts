import { ConfigSection } from '../schema/config-section.js';
import { Field } from '../schema/config-field.decorator.js';
import {
  ErrorTrackingConfig,
  HealthConfig,
  MetricsConfig,
  OpenTelemetryConfig,
  ScrapeConfig,
  SloConfig,
  TracingConfig,
} from './monitor-sections.config.js';

/** One finding of `MonitorConfig.validateForEnvironment()`: a setting risky for that environment. */
export interface ConfigIssue {
  /** Config path in file form, e.g. `monitor.prometheus.auth_token`. */
  path: string;
  /** `error`: unsafe, fix before deploying; `warning`: probably unintended. */
  severity: 'error' | 'warning';
  message: string;
}

const PRODUCTION = /^prod(uction)?$/i;
const LOOPBACK = /^(localhost|127\.[0-9.]+|\[::1\])$/i;

export const BACKEND_TYPES = ['noop', 'memory', 'prometheus', 'opentelemetry'] as const;
export type BackendType = (typeof BACKEND_TYPES)[number];

/** The monitoring configuration (top-level key `monitor`). */
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

  /**
   * Settings that are valid but risky in `env` (default: this config's
   * `environment`). In production: `debug` on, plain-HTTP or `insecure` OTLP
   * export, an open scrape endpoint (no `prometheus.auth_token`), error
   * tracking sending PII. Returns `[]` when nothing stands out.
   *
   * @example config.validateForEnvironment('production').filter((i) => i.severity === 'error')
   */
  validateForEnvironment(env: string = this.environment): ConfigIssue[] {
    const issues: ConfigIssue[] = [];
    if (!PRODUCTION.test(env ?? '')) return issues;
    if (this.debug) {
      issues.push({
        path: 'monitor.debug',
        severity: 'warning',
        message: 'debug is on in production: turn it off (verbose diagnostics can leak internals)',
      });
    }
    if (this.backendType === 'opentelemetry' || this.opentelemetry.insecure) {
      const url = safeUrl(this.opentelemetry.endpoint);
      if (url?.protocol === 'http:' && !LOOPBACK.test(url.hostname)) {
        issues.push({
          path: 'monitor.opentelemetry.endpoint',
          severity: 'error',
          message: `OTLP endpoint ${url.origin} is plain HTTP in production: use https://`,
        });
      }
      if (this.opentelemetry.insecure) {
        issues.push({
          path: 'monitor.opentelemetry.insecure',
          severity: 'warning',
          message: 'insecure (no TLS) OTLP export in production: set insecure=false',
        });
      }
    }
    if (this.metrics.enabled && !this.prometheus.authToken) {
      issues.push({
        path: 'monitor.prometheus.auth_token',
        severity: 'warning',
        message: `the scrape endpoint ${this.prometheus.path} is open in production: set an auth_token`,
      });
    }
    if (this.errorTracking.sendDefaultPii) {
      issues.push({
        path: 'monitor.error_tracking.send_default_pii',
        severity: 'warning',
        message: 'error tracking sends personal data (IPs, cookies, headers) in production',
      });
    }
    return issues;
  }

  /**
   * The section of the selected backend: `prometheus` for `prometheus`,
   * `opentelemetry` for `opentelemetry`, `undefined` for `memory` and `noop`.
   */
  getBackendConfig(): ScrapeConfig | OpenTelemetryConfig | undefined {
    if (this.backendType === 'prometheus') return this.prometheus;
    if (this.backendType === 'opentelemetry') return this.opentelemetry;
    return undefined;
  }
}

function safeUrl(value: string): URL | undefined {
  try {
    return new URL(value);
  } catch {
    return undefined;
  }
}
