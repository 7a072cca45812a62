import { ConfigSection } from '../schema/config-section.js';
import { Field } from '../schema/config-field.decorator.js';
import type { ConfigProblem } from '../../errors/herald-config.error.js';

/** Prometheus' default buckets, in seconds. */
export const DEFAULT_HISTOGRAM_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** `monitor.metrics`: name prefix, default labels, histogram buckets and collection interval. */
export class MetricsConfig extends ConfigSection {
  @Field.boolean({ default: true, doc: 'Collect metrics' }) enabled!: boolean;
  @Field.string({
    default: '',
    pattern: /^([a-zA-Z_:][a-zA-Z0-9_:]*)?$/,
    patternMessage: 'must be a valid Prometheus metric-name prefix ([a-zA-Z_:][a-zA-Z0-9_:]*)',
    doc: 'Prefix put before every metric name',
  })
  prefix!: string;
  @Field.record({ doc: 'Labels added to every series (JSON object)' }) defaultLabels!: Record<
    string,
    string
  >;
  @Field.numbers({
    default: DEFAULT_HISTOGRAM_BUCKETS,
    doc: 'Default histogram buckets (comma-separated)',
  })
  histogramBuckets!: number[];
  @Field.number({ min: 0.1, default: 15, doc: 'Seconds between runtime-metric collections' })
  collectionInterval!: number;
  @Field.integer({
    min: 0,
    default: 1000,
    doc: 'Raw observations kept per histogram/summary series (getObservations window)',
  })
  maxObservations!: number;
  @Field.boolean({
    default: false,
    doc: 'Counters and histograms keep the current sampled trace as an OpenMetrics exemplar',
  })
  exemplars!: boolean;
}

export const SAMPLER_TYPES = [
  'always_on',
  'always_off',
  'probability',
  'rate_limiting',
  'parent_based_always_on',
  'parent_based_always_off',
  'parent_based_probability',
  'parent_based_rate_limiting',
] as const;
export type SamplerType = (typeof SAMPLER_TYPES)[number];
export const PROPAGATION_FORMATS = ['tracecontext', 'baggage'] as const;
export const TRACE_EXPORTERS = ['auto', 'none', 'console', 'otlp'] as const;
export type TraceExporterType = (typeof TRACE_EXPORTERS)[number];

/** `monitor.tracing`: service name, sampler, propagation formats, exporter and per-span limits. */
export class TracingConfig extends ConfigSection {
  @Field.boolean({ default: true, doc: 'Record spans' }) enabled!: boolean;
  @Field.string({ nonEmpty: true, default: 'herald-service', doc: 'service.name of the spans' })
  serviceName!: string;
  @Field.enum(SAMPLER_TYPES, { default: 'parent_based_always_on', doc: 'Sampler' })
  samplerType!: SamplerType;
  @Field.number({ min: 0, max: 1, default: 1, doc: 'Probability sampler ratio (0.0 to 1.0)' })
  sampleRate!: number;
  @Field.number({ min: 0, default: 100, doc: 'Rate-limiting sampler: traces started per second' })
  maxTracesPerSecond!: number;
  @Field.strings({
    allowed: PROPAGATION_FORMATS,
    default: ['tracecontext', 'baggage'],
    doc: 'Propagators',
  })
  propagationFormats!: string[];
  @Field.integer({ min: 0, default: 128, doc: 'Attributes per span' }) maxAttributes!: number;
  @Field.integer({ min: 0, default: 128, doc: 'Events per span' }) maxEvents!: number;
  @Field.integer({ min: 0, default: 128, doc: 'Links per span' }) maxLinks!: number;
  @Field.integer({
    min: 1,
    default: 10000,
    doc: 'Finished spans kept in memory by the in-memory tracer',
  })
  maxSpans!: number;
  @Field.enum(TRACE_EXPORTERS, {
    default: 'auto',
    doc: 'Span exporter: auto (otlp when backend_type is opentelemetry, else none), none, console or otlp',
  })
  exporter!: TraceExporterType;
  @Field.boolean({
    default: true,
    doc: 'MonitorModule traces every HTTP request (registers TracingInterceptor globally)',
  })
  httpInterceptor!: boolean;
}

/** `monitor.health`: the health endpoint's path, detail level, timeout and checks. */
export class HealthConfig extends ConfigSection {
  @Field.boolean({ default: true, doc: 'Serve the health endpoint' }) enabled!: boolean;
  @Field.string({
    pattern: /^\//,
    patternMessage: 'must start with "/"',
    default: '/health',
    doc: 'Health path',
  })
  path!: string;
  @Field.boolean({ default: true, doc: 'Include per-check results in the body' })
  includeDetails!: boolean;
  @Field.number({ min: 0.001, default: 2, doc: 'Per-check timeout in seconds' }) timeout!: number;
  @Field.strings({ default: [], doc: 'Names of the checks to run (empty: all)' }) checks!: string[];
  @Field.string({
    optional: true,
    secret: true,
    doc: 'Bearer token required on the health endpoint',
  })
  authToken?: string;
  @Field.number({
    min: 0,
    default: 1,
    doc: 'Seconds HEALTHY check results are reused (failed ones at most 1 s); a change shows within 2 TTLs',
  })
  cacheTtl!: number;
  @Field.number({
    min: 0,
    default: 5,
    doc: 'Seconds to keep serving (readiness failing) after SIGTERM',
  })
  drainDelay!: number;
}

/** Values of `SLOTier` (in `@herald/monitor`), as config files write them. */
export const SLO_TIERS = ['p0_page', 'p1_business_hours', 'p2_ticket', 'p3_info'] as const;
/** Names of the alert dispatchers an `slo.alert_routes` entry can list. */
export const ALERT_DISPATCHER_NAMES = [
  'log',
  'alertmanager',
  'slack',
  'teams',
  'pagerduty',
] as const;

/** The setting each alert dispatcher needs before a route may name it. */
const DISPATCHER_SETTING: Record<
  string,
  'alertmanagerUrl' | 'slackWebhookUrl' | 'teamsWebhookUrl' | 'pagerdutyRoutingKey'
> = {
  alertmanager: 'alertmanagerUrl',
  slack: 'slackWebhookUrl',
  teams: 'teamsWebhookUrl',
  pagerduty: 'pagerdutyRoutingKey',
};

/** One SLO declared in configuration (`monitor.slo.slos[]`); the engine registers it at startup. */
export class SloDefinitionConfig extends ConfigSection {
  @Field.string({ nonEmpty: true, default: '', doc: 'Unique SLO name' }) name!: string;
  @Field.string({ nonEmpty: true, default: '', doc: 'Metric whose samples are evaluated' })
  metric!: string;
  @Field.number({ min: 0, max: 1, default: 0.99, doc: 'Percentile as a fraction (0.99 = p99)' })
  percentile!: number;
  @Field.number({ min: 0, default: 500, doc: 'Maximum acceptable value in milliseconds' })
  thresholdMs!: number;
  @Field.number({ min: 0.001, default: 300, doc: 'Rolling window in seconds' }) window!: number;
  @Field.number({ min: 0, default: 1, doc: 'Alert when measured/threshold is at or above this' })
  burnRateThreshold!: number;
  @Field.string({ optional: true, doc: 'Description' }) description?: string;
  @Field.enum(SLO_TIERS, { default: 'p1_business_hours', doc: 'Alert routing tier' })
  tier!: (typeof SLO_TIERS)[number];
  @Field.string({ optional: true, doc: 'Owning team or spec id' }) owner?: string;
  @Field.string({ optional: true, doc: 'Runbook URL' }) runbookUrl?: string;
}

/** The `slo` section: periodic SLO evaluation. */
export class SloConfig extends ConfigSection {
  @Field.boolean({ default: false, doc: 'Evaluate SLOs periodically' }) enabled!: boolean;
  @Field.number({ min: 0.1, default: 60, doc: 'Seconds between evaluations' })
  evaluationInterval!: number;
  @Field.integer({ min: 1, default: 10000, doc: 'Samples kept per metric' })
  maxSamplesPerMetric!: number;
  @Field.number({
    min: 0,
    default: 300,
    doc: 'Seconds a repeated alert for the same SLO is suppressed',
  })
  suppressionWindow!: number;
  @Field.list(() => SloDefinitionConfig, { default: [], doc: 'SLOs registered at startup' })
  slos!: SloDefinitionConfig[];
  @Field.url({
    optional: true,
    protocols: ['http:', 'https:'],
    example: 'http://alertmanager:9093',
    doc: 'Alertmanager base URL; when set, alerts are also posted to its /api/v2/alerts (user:password@ in it becomes basic auth)',
  })
  alertmanagerUrl?: string;
  @Field.string({ optional: true, doc: 'Alertmanager basic-auth user name' })
  alertmanagerUsername?: string;
  @Field.string({ optional: true, secret: true, doc: 'Alertmanager basic-auth password' })
  alertmanagerPassword?: string;
  @Field.string({
    optional: true,
    secret: true,
    doc: 'Bearer token sent to Alertmanager (Authorization: Bearer), instead of basic auth',
  })
  alertmanagerBearerToken?: string;
  @Field.url({
    optional: true,
    secret: true,
    protocols: ['https:', 'http:'],
    example: 'https://hooks.slack.com/services/T000/B000/XXXX',
    doc: 'Slack incoming webhook that alert_routes can name as "slack"',
  })
  slackWebhookUrl?: string;
  @Field.url({
    optional: true,
    secret: true,
    protocols: ['https:', 'http:'],
    example: 'https://prod-00.westus.logic.azure.com/workflows/.../invoke?...',
    doc: 'Microsoft Teams Workflows webhook that alert_routes can name as "teams"',
  })
  teamsWebhookUrl?: string;
  @Field.string({
    optional: true,
    secret: true,
    pattern: /^[A-Za-z0-9]{20,64}$/,
    patternMessage:
      'must be the 32-character integration key of a PagerDuty Events API v2 integration',
    doc: 'PagerDuty Events API v2 routing key that alert_routes can name as "pagerduty"',
  })
  pagerdutyRoutingKey?: string;
  @Field.url({
    default: 'https://events.pagerduty.com',
    protocols: ['https:', 'http:'],
    example: 'https://events.pagerduty.com',
    doc: 'PagerDuty Events API base URL (point it at a fake server in tests)',
  })
  pagerdutyUrl!: string;
  @Field.record({
    doc: 'Dispatchers per tier, e.g. {"p0_page":"pagerduty,slack"} (names: log, alertmanager, slack, teams, pagerduty; comma-separated)',
  })
  alertRoutes!: Record<string, string>;

  protected override crossCheck(): ConfigProblem[] {
    const problems: ConfigProblem[] = [];
    const seen = new Set<string>();
    this.slos.forEach((slo, index) => {
      // an item that is not a mapping stays raw; the list's own check reports it
      if (!(slo instanceof SloDefinitionConfig)) return;
      if (seen.has(slo.name)) {
        problems.push({
          path: `slos[${index}].name`,
          message: `duplicate SLO name "${slo.name}"; each SLO needs its own name`,
        });
      }
      seen.add(slo.name);
    });
    problems.push(...this.alertmanagerAuthProblems());
    for (const [tier, names] of Object.entries(this.alertRoutes ?? {})) {
      if (typeof names !== 'string') {
        problems.push({
          path: `alert_routes.${tier}`,
          message: `must be a comma-separated list of dispatchers (${ALERT_DISPATCHER_NAMES.join(', ')})`,
        });
        continue;
      }
      for (const name of names.split(',').map((n) => n.trim())) {
        if (!(ALERT_DISPATCHER_NAMES as readonly string[]).includes(name)) {
          problems.push({
            path: `alert_routes.${tier}`,
            message: `unknown dispatcher "${name}"; use ${ALERT_DISPATCHER_NAMES.join(', ')}`,
          });
        }
        const setting = DISPATCHER_SETTING[name];
        if (setting && !this[setting]) {
          problems.push({
            path: `alert_routes.${tier}`,
            message: `routes to ${name} but ${setting.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`)} is not set`,
          });
        }
      }
    }
    return problems;
  }

  /** Basic auth (user name and password, or `user:password@` in the URL) or a bearer token: one of them. */
  private alertmanagerAuthProblems(): ConfigProblem[] {
    const problems: ConfigProblem[] = [];
    const set = (v: unknown) => v !== undefined && v !== null && v !== '';
    const basic = set(this.alertmanagerUsername) || set(this.alertmanagerPassword);
    const bearer = set(this.alertmanagerBearerToken);
    let inUrl = false;
    try {
      const url = new URL(String(this.alertmanagerUrl));
      inUrl = url.username !== '' || url.password !== '';
    } catch {
      // an invalid URL is reported by its own check
    }
    if (!set(this.alertmanagerUrl) && (basic || bearer))
      problems.push({
        path: bearer ? 'alertmanager_bearer_token' : 'alertmanager_username',
        message: 'is set but alertmanager_url is not; set the URL or remove the credentials',
      });
    if (basic && bearer)
      problems.push({
        path: 'alertmanager_bearer_token',
        message:
          'use either basic auth (alertmanager_username and alertmanager_password) or a bearer token, not both',
      });
    if (set(this.alertmanagerPassword) && !set(this.alertmanagerUsername))
      problems.push({
        path: 'alertmanager_username',
        message: 'is required with alertmanager_password (basic auth needs both)',
      });
    if (inUrl && (basic || bearer))
      problems.push({
        path: 'alertmanager_url',
        message:
          'carries credentials (user:password@) and alertmanager_username/password or bearer_token is set too; keep one: remove the credentials from the URL',
      });
    return problems;
  }
}

/**
 * What the Sentry SDK accepts as a DSN (`protocol://publicKey[:secret]@host[:port]/[path/]projectId`,
 * http or https, numeric project id), or blank. Checked here so a bad DSN fails
 * validation with a redacted message instead of reaching the SDK, which prints it.
 */
export const SENTRY_DSN_PATTERN =
  /^\s*(?:https?:\/\/\w+(?::\w*)?@(?:\[[:.%\w]+\]|[\w.-]+)(?::\d+)?\/(?:[^\s/]+\/)*\d+)?\s*$/;

/** `monitor.error_tracking`: Sentry DSN (unset or empty disables tracking), environment, sampling, PII. */
export class ErrorTrackingConfig extends ConfigSection {
  @Field.string({
    optional: true,
    secret: true,
    pattern: SENTRY_DSN_PATTERN,
    patternMessage:
      'must be a Sentry DSN such as https://<public key>@o0.ingest.sentry.io/<project id> (http or https, a public key, a host and a numeric project id), or empty to disable error tracking',
    doc: 'Sentry DSN; unset or empty disables error tracking',
  })
  dsn?: string;
  @Field.string({ default: 'production', doc: 'Environment tag' }) environment!: string;
  @Field.number({ min: 0, max: 1, default: 0, doc: 'Share of transactions traced (0.0 to 1.0)' })
  tracesSampleRate!: number;
  @Field.boolean({ default: false, doc: 'Send user IP, cookies and headers' })
  sendDefaultPii!: boolean;
  @Field.boolean({
    default: true,
    doc: 'Also capture errors of BullMQ processors, @Cron and @OnEvent handlers',
  })
  captureHandlers!: boolean;
}

/** `monitor.opentelemetry`: the OTLP endpoint, headers, TLS, timeout, compression and batching. */
export class OpenTelemetryConfig extends ConfigSection {
  @Field.url({
    default: 'http://localhost:4318',
    protocols: ['http:', 'https:'],
    example: 'http://localhost:4318',
    doc: 'OTLP/HTTP base URL',
  })
  endpoint!: string;
  @Field.record({ secret: true, doc: 'Headers sent with each export (JSON object)' })
  headers!: Record<string, string>;
  @Field.boolean({ default: false, doc: 'Allow plain HTTP (no TLS)' }) insecure!: boolean;
  @Field.number({ min: 0.1, default: 10, doc: 'Export timeout in seconds' }) timeout!: number;
  @Field.enum(['none', 'gzip'] as const, { default: 'none', doc: 'Compression: none or gzip' })
  compression!: 'none' | 'gzip';
  @Field.integer({ min: 1, default: 512, doc: 'Spans per export batch' }) batchSize!: number;
  @Field.number({ min: 0.1, default: 60, doc: 'Seconds between metric exports' })
  exportInterval!: number;
}

/** `monitor.prometheus`: the Prometheus scrape endpoint, default metrics, Pushgateway and snapshots. */
export class ScrapeConfig extends ConfigSection {
  @Field.integer({ min: 0, max: 65535, default: 8000, doc: 'Port of the standalone scrape server' })
  port!: number;
  @Field.string({
    pattern: /^\//,
    patternMessage: 'must start with "/"',
    default: '/metrics',
    doc: 'Scrape path',
  })
  path!: string;
  @Field.boolean({ default: true, doc: 'Export Node runtime metrics' })
  enableDefaultMetrics!: boolean;
  @Field.url({
    optional: true,
    protocols: ['http:', 'https:'],
    example: 'http://pushgateway:9091',
    doc: 'Pushgateway URL; unset disables pushing (user:password@ in it becomes basic auth)',
  })
  pushgatewayUrl?: string;
  @Field.number({ min: 0.1, default: 15, doc: 'Seconds between pushes' }) pushInterval!: number;
  @Field.boolean({ default: false, doc: 'Write snapshots to the database' }) storeInDb!: boolean;
  @Field.string({
    pattern: /^[A-Za-z_][A-Za-z0-9_]*$/,
    patternMessage: 'must be a plain SQL identifier',
    default: 'herald_metrics',
    doc: 'Table of the snapshots',
  })
  metricsTable!: string;
  @Field.string({ optional: true, secret: true, doc: 'Bearer token required on /metrics' })
  authToken?: string;
  @Field.boolean({
    default: false,
    doc: 'Also serve the scrape path on its own port (the prometheus backend)',
  })
  standalone!: boolean;
}
