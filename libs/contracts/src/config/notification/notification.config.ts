import type { ConfigProblem } from '../../errors/herald-config.error.js';
import { ConfigSection, describeValue } from '../schema/config-section.js';
import { Field } from '../schema/config-field.decorator.js';
import {
  ApnsDriverConfig,
  DiscordDriverConfig,
  FcmDriverConfig,
  SendgridDriverConfig,
  SesDriverConfig,
  SlackDriverConfig,
  SMTPDriverConfig,
  TeamsDriverConfig,
  TelegramDriverConfig,
  TwilioDriverConfig,
  VonageDriverConfig,
  WebPushDriverConfig,
} from './driver-configs.js';
import { checkNamedBackends } from './named-backend.util.js';
import {
  MailgunDriverConfig,
  PostmarkDriverConfig,
  ResendDriverConfig,
} from './mail-api-driver-configs.js';

export const SMS_DRIVERS = ['twilio', 'vonage', 'log'] as const;
export const PUSH_DRIVERS = ['fcm', 'apns', 'webpush', 'log'] as const;
export const MAIL_DRIVERS = [
  'smtp',
  'sendgrid',
  'ses',
  'postmark',
  'mailgun',
  'resend',
  'log',
] as const;
export const CHAT_DRIVERS = ['slack', 'teams', 'discord', 'telegram', 'log'] as const;
export type SmsDriver = (typeof SMS_DRIVERS)[number];
export type PushDriver = (typeof PUSH_DRIVERS)[number];
export type MailDriver = (typeof MAIL_DRIVERS)[number];
export type ChatDriver = (typeof CHAT_DRIVERS)[number];

/** Each fallback must name another backend of the same list. */
function checkFallbacks(
  list: Array<{ name?: string; fallbacks?: unknown }> | unknown,
  listPath: string,
): ConfigProblem[] {
  if (!Array.isArray(list)) return [];
  const names = new Set(
    list
      .map((item: { name?: unknown } | null) => item?.name)
      .filter((n): n is string => typeof n === 'string'),
  );
  const problems: ConfigProblem[] = [];
  list.forEach((item, i) => {
    if (!Array.isArray(item?.fallbacks)) return;
    item.fallbacks.forEach((fallback: unknown, j: number) => {
      if (fallback === item.name || typeof fallback !== 'string' || !names.has(fallback)) {
        problems.push({
          path: `${listPath}[${i}].fallbacks[${j}]`,
          message: `${describeValue(fallback, false)} must name another backend of ${listPath} (known: ${[...names].join(', ')})`,
        });
      }
    });
  });
  return problems;
}

/** One SMS backend (an entry of `notification.sms_backends`). */
export class NamedSMSConfig extends ConfigSection {
  @Field.string({ nonEmpty: true, doc: 'Backend name' }) name!: string;
  @Field.boolean({ default: false, doc: 'Also bound as the unnamed SMS_CHANNEL' })
  primary!: boolean;
  @Field.enum(SMS_DRIVERS, { doc: 'Driver' }) driver!: SmsDriver;
  @Field.strings({
    default: [],
    doc: 'Backends tried in order when this one fails transiently or its circuit is open',
  })
  fallbacks!: string[];
  @Field.section(() => TwilioDriverConfig, { optional: true, doc: 'twilio settings' })
  twilio?: TwilioDriverConfig;
  @Field.section(() => VonageDriverConfig, { optional: true, doc: 'vonage settings' })
  vonage?: VonageDriverConfig;
}

/** One push backend (an entry of `notification.push_backends`). */
export class NamedPushConfig extends ConfigSection {
  @Field.string({ nonEmpty: true, doc: 'Backend name' }) name!: string;
  @Field.boolean({ default: false, doc: 'Also bound as the unnamed PUSH_CHANNEL' })
  primary!: boolean;
  @Field.enum(PUSH_DRIVERS, { doc: 'Driver' }) driver!: PushDriver;
  @Field.strings({
    default: [],
    doc: 'Backends tried in order when this one fails transiently or its circuit is open',
  })
  fallbacks!: string[];
  @Field.section(() => FcmDriverConfig, { optional: true }) fcm?: FcmDriverConfig;
  @Field.section(() => ApnsDriverConfig, { optional: true }) apns?: ApnsDriverConfig;
  @Field.section(() => WebPushDriverConfig, { optional: true }) webpush?: WebPushDriverConfig;
}

/** One chat backend (an entry of `notification.chat_backends`). */
export class NamedChatConfig extends ConfigSection {
  @Field.string({ nonEmpty: true, doc: 'Backend name' }) name!: string;
  @Field.boolean({ default: false, doc: 'Also bound as the unnamed CHAT_CHANNEL' })
  primary!: boolean;
  @Field.enum(CHAT_DRIVERS, { doc: 'Driver' }) driver!: ChatDriver;
  @Field.strings({
    default: [],
    doc: 'Backends tried in order when this one fails transiently or its circuit is open',
  })
  fallbacks!: string[];
  @Field.section(() => SlackDriverConfig, { optional: true, doc: 'slack settings' })
  slack?: SlackDriverConfig;
  @Field.section(() => TeamsDriverConfig, { optional: true, doc: 'teams settings' })
  teams?: TeamsDriverConfig;
  @Field.section(() => DiscordDriverConfig, { optional: true, doc: 'discord settings' })
  discord?: DiscordDriverConfig;
  @Field.section(() => TelegramDriverConfig, { optional: true, doc: 'telegram settings' })
  telegram?: TelegramDriverConfig;
}

/** One mail backend (an entry of `notification.mailer.backends`). */
export class NamedMailerConfig extends ConfigSection {
  @Field.string({ nonEmpty: true, doc: 'Backend name' }) name!: string;
  @Field.boolean({ default: false, doc: 'Also bound as the unnamed MAILER' }) primary!: boolean;
  @Field.enum(MAIL_DRIVERS, { doc: 'Driver' }) driver!: MailDriver;
  @Field.strings({
    default: [],
    doc: 'Backends tried in order when this one fails transiently or its circuit is open',
  })
  fallbacks!: string[];
  @Field.string({
    pattern: /^[^\s@<>()",;:\\]+@[^\s@<>()",;:\\]+\.[^\s@<>()",;:\\]+$/,
    patternMessage: 'must be an email address such as noreply@example.com',
    doc: 'Sender address',
  })
  fromEmail!: string;
  @Field.string({ optional: true, doc: 'Sender display name' }) fromName?: string;
  @Field.section(() => SMTPDriverConfig, { optional: true }) smtp?: SMTPDriverConfig;
  @Field.section(() => SendgridDriverConfig, { optional: true }) sendgrid?: SendgridDriverConfig;
  @Field.section(() => SesDriverConfig, { optional: true }) ses?: SesDriverConfig;
  @Field.section(() => PostmarkDriverConfig, { optional: true }) postmark?: PostmarkDriverConfig;
  @Field.section(() => MailgunDriverConfig, { optional: true }) mailgun?: MailgunDriverConfig;
  @Field.section(() => ResendDriverConfig, { optional: true }) resend?: ResendDriverConfig;
}

/** `notification.mailer`: the mail backends. */
export class MailerConfig extends ConfigSection {
  @Field.list(() => NamedMailerConfig, { doc: 'Mail backends' }) backends!: NamedMailerConfig[];

  protected override crossCheck(): ConfigProblem[] {
    return [
      ...checkNamedBackends(this.backends, 'backends', [
        'smtp',
        'sendgrid',
        'ses',
        'postmark',
        'mailgun',
        'resend',
      ]),
      ...checkFallbacks(this.backends, 'backends'),
    ];
  }
}

/** `notification.inbox`: store backend, retention and page size of the in-app inbox. */
export class InboxConfig extends ConfigSection {
  @Field.enum(['database', 'memory'] as const, {
    default: 'database',
    doc: 'Inbox store: database or memory',
  })
  storeBackend!: 'database' | 'memory';
  @Field.integer({ min: 1, default: 30, doc: 'Days inbox messages are kept' })
  retentionDays!: number;
  @Field.integer({ min: 1, max: 1000, default: 50, doc: 'Maximum messages returned per page' })
  maxPageSize!: number;
  @Field.string({
    optional: true,
    secret: true,
    pattern: /^[\s\S]{32,}$/,
    patternMessage: 'must be at least 32 characters (e.g. `openssl rand -base64 48`)',
    doc: 'HMAC-SHA256 key of inbox subscriber tokens (signInboxToken, InboxTokenGuard), at least 32 characters',
  })
  tokenSecret?: string;
}

/**
 * Reliable delivery (retries, failover, circuit breaker, delivery store,
 * queue), config key `notification.delivery`. Durations in seconds.
 */
export class DeliveryConfig extends ConfigSection {
  @Field.boolean({
    default: false,
    doc: 'Wrap the configured SMS and push backends with retries, failover, circuit breakers and records',
  })
  enabled!: boolean;
  @Field.enum(['inline', 'bullmq'] as const, {
    default: 'inline',
    doc: 'inline: send in the caller; bullmq: enqueue on Redis and deliver from workers',
  })
  queue!: 'inline' | 'bullmq';
  @Field.redisUrl({
    default: 'redis://127.0.0.1:6379',
    doc: 'Redis of the bullmq queue: redis://host:6379/0, redis+cluster://host1:7000,host2:7001 (Redis Cluster) or redis+sentinel://host1:26379,host2:26379/mymaster (Sentinel); rediss... for TLS',
  })
  redisUrl!: string;
  @Field.string({ nonEmpty: true, default: 'herald-delivery', doc: 'BullMQ queue name' })
  queueName!: string;
  @Field.string({ nonEmpty: true, default: 'herald', doc: 'Redis key prefix of the queue' })
  queuePrefix!: string;
  @Field.boolean({ default: true, doc: 'Run queue workers in this process (bullmq)' })
  worker!: boolean;
  @Field.integer({ min: 1, default: 10, doc: 'Jobs one worker delivers at once (bullmq)' })
  concurrency!: number;
  @Field.number({
    min: 1,
    max: 300,
    default: 5,
    doc: 'Seconds a job stays locked to its worker between renewals (every half of it); the jobs of a crashed worker wait up to this plus stalled_interval (bullmq)',
  })
  lockDuration!: number;
  @Field.number({
    min: 1,
    max: 300,
    default: 4,
    doc: 'Seconds between checks for jobs whose worker died (lock expired) (bullmq)',
  })
  stalledInterval!: number;
  @Field.number({
    min: 1,
    max: 86_400,
    default: 30,
    doc: 'Seconds after which a queued record with no job (a caller killed inside a fan-out) is enqueued again (bullmq)',
  })
  sweepAfter!: number;
  @Field.number({
    min: 1,
    max: 3600,
    default: 10,
    doc: 'Seconds between sweeps for queued records with no job (bullmq)',
  })
  sweepInterval!: number;
  @Field.integer({ min: 1, max: 100, default: 5, doc: 'Attempts per message, the first included' })
  retryAttempts!: number;
  @Field.number({ min: 0, default: 1, doc: 'Backoff base in seconds (full jitter)' })
  retryBase!: number;
  @Field.number({ min: 0, default: 60, doc: 'Longest backoff in seconds' })
  retryCap!: number;
  @Field.integer({ min: 1, default: 5, doc: 'Consecutive failures that open a backend circuit' })
  circuitThreshold!: number;
  @Field.number({ min: 0, default: 30, doc: 'Seconds an open circuit waits before a trial send' })
  circuitCooldown!: number;
  @Field.integer({ min: 1, default: 1000, doc: 'Waiting jobs above which health is DEGRADED' })
  backlogThreshold!: number;
  @Field.enum(['memory', 'database'] as const, {
    default: 'memory',
    doc: 'Delivery store: memory or database (TypeORM)',
  })
  store!: 'memory' | 'database';
  @Field.integer({ min: 1, default: 7, doc: 'Days delivery records are kept by purge' })
  retentionDays!: number;
  @Field.number({
    min: 1,
    default: 3600,
    doc: 'Seconds during which a message without idempotency key is deduplicated (bullmq)',
  })
  idempotencyWindow!: number;

  protected override crossCheck(): ConfigProblem[] {
    const problems: ConfigProblem[] = [];
    if (typeof this.retryCap === 'number' && this.retryCap < this.retryBase) {
      problems.push({
        path: 'retry_cap',
        message: `must be at least retry_base (${this.retryBase}); raise retry_cap or lower retry_base (got ${this.retryCap})`,
      });
    }
    if (this.queue === 'bullmq' && this.store === 'memory' && this.worker === false) {
      problems.push({
        path: 'store',
        message:
          'a producer-only process (queue "bullmq", worker false) cannot see what other processes deliver ' +
          'in a "memory" store; use store "database", shared with the workers',
      });
    }
    return problems;
  }
}

/** The notification configuration (top-level key `notification`). */
export class NotificationConfig extends ConfigSection {
  @Field.list(() => NamedSMSConfig, { doc: 'SMS backends (JSON list)' })
  smsBackends!: NamedSMSConfig[];
  @Field.list(() => NamedPushConfig, { doc: 'Push backends (JSON list)' })
  pushBackends!: NamedPushConfig[];
  @Field.list(() => NamedChatConfig, {
    doc: 'Chat backends: Slack, Teams, Discord, Telegram (JSON list)',
  })
  chatBackends!: NamedChatConfig[];
  @Field.section(() => MailerConfig) mailer!: MailerConfig;
  @Field.section(() => InboxConfig) inbox!: InboxConfig;
  @Field.section(() => DeliveryConfig) delivery!: DeliveryConfig;

  protected override crossCheck(): ConfigProblem[] {
    const problems = [
      ...checkNamedBackends(this.smsBackends, 'sms_backends', ['twilio', 'vonage']),
      ...checkNamedBackends(this.pushBackends, 'push_backends', ['fcm', 'apns', 'webpush']),
      ...checkFallbacks(this.smsBackends, 'sms_backends'),
      ...checkFallbacks(this.pushBackends, 'push_backends'),
      ...checkNamedBackends(this.chatBackends, 'chat_backends', [
        'slack',
        'teams',
        'discord',
        'telegram',
      ]),
      ...checkFallbacks(this.chatBackends, 'chat_backends'),
    ];
    (Array.isArray(this.pushBackends) ? this.pushBackends : []).forEach((backend, i) => {
      if (backend?.fcm?.serverKey) {
        problems.push({
          path: `push_backends[${i}].fcm.server_key`,
          message:
            'the legacy FCM server key API was shut down in 2024; configure a service account instead ' +
            '(fcm.project_id, fcm.client_email, fcm.private_key, or fcm.service_account_file)',
        });
      }
    });
    return problems;
  }
}
