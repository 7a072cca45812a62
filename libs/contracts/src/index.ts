/**
 * @herald/contracts: what every Herald package and application agree on —
 * injection tokens, protocol interfaces, event names, shared errors, the
 * `@AdminContributor()` entry point and the configuration loader.
 */
export {
  SMS_CHANNEL,
  PUSH_CHANNEL,
  CHAT_CHANNEL,
  MAILER,
  INBOX_STORE,
  METRICS_COLLECTOR,
  TRACER,
  HEALTH_CHECK_REGISTRY,
  ALERT_DISPATCHER,
  ERROR_TRACKER,
  METRICS_BACKEND,
  NOTIFIER,
} from './tokens/herald.tokens.js';
export {
  getSmsChannelToken,
  getPushChannelToken,
  getChatChannelToken,
  getMailerToken,
} from './tokens/get-channel-token.util.js';
export {
  InjectSmsChannel,
  InjectPushChannel,
  InjectChatChannel,
  InjectMailer,
} from './decorators/inject-channel.decorator.js';
export { InjectNotifier } from './decorators/inject-notifier.decorator.js';
export {
  InjectMetrics,
  InjectTracer,
  InjectHealthRegistry,
} from './decorators/inject-observability.decorator.js';
export {
  AdminContributor,
  discoverAdminContributors,
  type AdminContributorOptions,
} from './decorators/admin-contributor.decorator.js';

export type {
  SMSChannelProtocol,
  SmsMessage,
  SmsSendResult,
} from './interfaces/sms-channel.protocol.js';
export type {
  ChatChannelProtocol,
  ChatMessage,
  ChatSendResult,
  ChatField,
  ChatSeverity,
} from './interfaces/chat-channel.protocol.js';
export type {
  PushChannelProtocol,
  PushMessage,
  PushSendResult,
} from './interfaces/push-channel.protocol.js';
export type {
  MailerProtocol,
  MailMessage,
  MailAddress,
  MailAttachment,
  MailSendResult,
  Sendable,
} from './interfaces/mailer.protocol.js';
export type {
  NotifierProtocol,
  NotifyOptions,
  NotifyResultLike,
} from './interfaces/notifier.protocol.js';
export type {
  InboxStoreProtocol,
  InboxMessage,
  InboxPage,
  InboxPageQuery,
  InboxAction,
  InboxBulkChange,
  InboxChange,
  InboxCounts,
  InboxFilter,
  InboxSeverity,
  InboxStateChange,
} from './interfaces/inbox-store.protocol.js';
export type {
  MetricsCollectorProtocol,
  MetricProtocol,
  CounterProtocol,
  GaugeProtocol,
  HistogramProtocol,
  SummaryProtocol,
  MetricLabels,
  MetricType,
} from './interfaces/metrics-collector.protocol.js';
export type {
  TracerProtocol,
  SpanProtocol,
  RecordedSpanProtocol,
  SpanContextProtocol,
  StartSpanOptions,
  HeraldSpanKind,
  SpanAttributes,
  SpanAttributeValue,
  SpanStatusLike,
} from './interfaces/tracer.protocol.js';
export { HealthStatus, HealthCheckCategory } from './interfaces/health.types.js';
export type {
  HealthCheckResultLike,
  HealthCheckOutcome,
  HealthCheckProtocol,
  HealthCheckFunction,
  HealthCheckAddOptions,
  HealthReport,
} from './interfaces/health.types.js';
export type {
  HealthCheckRegistryProtocol,
  HealthSummary,
} from './interfaces/health-check-registry.protocol.js';
export type {
  AlertDispatcherProtocol,
  AlertSeverity,
  AlertContext,
} from './interfaces/alert-dispatcher.protocol.js';
export type { ErrorTrackerProtocol } from './interfaces/error-tracker.protocol.js';
export type {
  MetricsBackendProtocol,
  BackendMetricType,
} from './interfaces/metrics-backend.protocol.js';
export type {
  AdminNavEntry,
  AdminPage,
  AdminViewer,
  AdminHealthCheck,
  AdminRealtimeBridge,
  RealtimeMessage,
} from './interfaces/admin-contributor.interface.js';

export {
  INBOX_SENT_HOOK,
  ALERT_FIRED_EVENT,
  HEALTH_PROBE_COMPLETED_EVENT,
  METRIC_RECORDED_EVENT,
  DEVICE_TOKEN_REMOVED_EVENT,
  type DeviceTokenRemovedEvent,
  WEBHOOK_ENDPOINT_DISABLED_EVENT,
  type WebhookEndpointDisabledEvent,
  type InboxSentEvent,
  type AlertFiredEvent,
  type HealthProbeCompletedEvent,
  type MetricRecordedEvent,
} from './events/herald.events.js';

export { HeraldError } from './errors/herald.error.js';
export { HeraldConfigError, type ConfigProblem } from './errors/herald-config.error.js';
export { MissingDependencyError } from './errors/missing-dependency.error.js';

export {
  loadHeraldConfig,
  DEFAULT_CONFIG_FILE,
  type LoadHeraldConfigOptions,
} from './config/loader/load-herald-config.js';
export { ConfigSection } from './config/schema/config-section.js';
export {
  Field,
  getConfigFields,
  type FieldMeta,
  type FieldOptions,
  type FieldKind,
} from './config/schema/config-field.decorator.js';
export {
  describeConfigVariables,
  renderEnvExample,
  type ConfigVariable,
} from './config/schema/describe-config.util.js';
export { HeraldConfig } from './config/herald.config.js';
export {
  NotificationConfig,
  NamedSMSConfig,
  NamedPushConfig,
  NamedChatConfig,
  NamedMailerConfig,
  MailerConfig,
  InboxConfig,
  SMS_DRIVERS,
  PUSH_DRIVERS,
  MAIL_DRIVERS,
  CHAT_DRIVERS,
  type ChatDriver,
  type SmsDriver,
  type PushDriver,
  type MailDriver,
} from './config/notification/notification.config.js';
export {
  TwilioDriverConfig,
  VonageDriverConfig,
  VONAGE_SIGNATURE_METHODS,
  type VonageSignatureMethod,
  FcmDriverConfig,
  ApnsDriverConfig,
  WebPushDriverConfig,
  SendgridDriverConfig,
  SesDriverConfig,
  SMTPDriverConfig,
  SlackDriverConfig,
  TeamsDriverConfig,
  DiscordDriverConfig,
  TelegramDriverConfig,
  E164_PATTERN,
} from './config/notification/driver-configs.js';
export {
  PostmarkDriverConfig,
  MailgunDriverConfig,
  ResendDriverConfig,
} from './config/notification/mail-api-driver-configs.js';
export {
  MonitorConfig,
  BACKEND_TYPES,
  type BackendType,
  type ConfigIssue,
} from './config/monitor/monitor.config.js';
export {
  MetricsConfig,
  TracingConfig,
  HealthConfig,
  SloConfig,
  ErrorTrackingConfig,
  OpenTelemetryConfig,
  ScrapeConfig,
  SAMPLER_TYPES,
  PROPAGATION_FORMATS,
  DEFAULT_HISTOGRAM_BUCKETS,
  SENTRY_DSN_PATTERN,
  type SamplerType,
} from './config/monitor/monitor-sections.config.js';
export {
  RateLimitedLogger,
  type RateLimitedLoggerOptions,
  type WarnSink,
} from './utils/rate-limited-logger.util.js';
