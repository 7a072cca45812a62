import type { DynamicModule, ForwardReference, Type } from '@nestjs/common';
import type { NotifierChannel } from './channels/notifier-channel.interface.js';
import type { DevicePlatform } from './devices/device-token.js';
import type {
  NotificationDigester,
  NotificationGate,
} from './gates/notification-gate.interface.js';
import type { RecipientResolver } from './recipients/recipient-resolver.interface.js';
import type { WebhookChannelOptions } from './webhooks/webhook-options.js';
import type { NotifierTopicOptions } from './topics/topic-options.interface.js';

/** `NotifierModule.forRoot(options)` / what `forRootAsync`'s factory returns. */
export interface NotifierModuleOptions {
  /**
   * Where notification records, device tokens and preferences live: `database` (the
   * application's TypeORM `DataSource`; run `NOTIFIER_MIGRATIONS`) or `memory`.
   * @default the delivery store's kind: `database` when `notification.delivery` is enabled with store `database`, else `memory`
   */
  store?: 'memory' | 'database';
  /**
   * The push backend (a name from `notification.push_backends`) for each
   * device platform. @default per platform, the first backend (primary
   * first) whose driver is that platform, else a primary `log` backend
   */
  pushBackends?: Partial<Record<DevicePlatform, string>>;
  /**
   * Run the worker of scheduled and deferred dispatches in this process
   * (queued mode). @default `notification.delivery.worker`
   */
  worker?: boolean;
  /** Scheduled and deferred dispatches run at once by this process's worker. @default 5 */
  concurrency?: number;
  /**
   * Log a warning when a rendered SMS is longer than this many segments
   * (GSM-7: 153 characters each, UCS-2: 67), as each one is billed. @default 3
   */
  smsSegmentWarning?: number;
  /**
   * With inline delivery, run delayed work (`delayMs`/`sendAt`, deferrals,
   * escalation steps, digest windows) on timers of this process, lost on
   * restart. Without it, inline delivery refuses delayed work. Ignored with
   * the BullMQ queue. @default false
   */
  inlineTimers?: boolean;
  /**
   * Run the preference gate before the `gates` extra: deliveries to a channel
   * the user turned off for the category are recorded `suppressed`
   * (`critical` notifications pass). `NotificationPreferencesService` is
   * there either way. @default true
   */
  preferences?: boolean;
  /**
   * The transactional outbox: `notify(..., { transaction })` writes into
   * `herald_notification_outbox` inside the caller's TypeORM transaction and
   * an `OutboxRelay` sends after the commit. Needs `store: 'database'` and
   * `NOTIFIER_MIGRATIONS`. `true` takes the defaults. @default false
   */
  outbox?: boolean | NotifierOutboxOptions;
  /**
   * The outgoing-webhook channel (`webhook` in `via()`; endpoints through
   * `WebhookEndpointsService`, stored by the `store` option):
   * `allowPrivateTargets` (SSRF guard; off by default), `failureThreshold`,
   * `timeoutMs`, `rotationGraceMs`. @default {} (the defaults)
   */
  webhooks?: WebhookChannelOptions;
  /**
   * Topics (`TopicService`, `notify(topic(key), ...)`): the fan-out's batch
   * size, its worker's concurrency and lock, and the notification classes
   * its workers rebuild (see `NotifierTopicOptions`). @default {} (the defaults)
   */
  topics?: NotifierTopicOptions;
}

/** `NotifierModule` option `outbox` in detail. */
export interface NotifierOutboxOptions {
  /** Run an `OutboxRelay` in this process. @default the `worker` option */
  relay?: boolean;
  /** Rows a relay claims at once. @default 50 */
  batchSize?: number;
  /** Poll interval between wake-ups (PostgreSQL `LISTEN`, commits in this process). @default 1000 */
  pollIntervalMs?: number;
  /** How long a claimed row stays leased to its relay; a relay that dies frees its rows after this. @default 30000 */
  leaseMs?: number;
  /** Relay attempts of a row (a database outage) before it is marked `failed`. @default 10 */
  maxAttempts?: number;
}

/**
 * Classes (Nest providers) and imports, known when the module is declared:
 * the second argument of `forRoot`, or part of the `forRootAsync` options.
 */
export interface NotifierModuleExtras {
  /** Custom channels (`NotifierChannel` providers), by their `name`. @default [] */
  channels?: Type<NotifierChannel>[];
  /** Gates run in this order between "which channels" and "send". @default [] */
  gates?: Type<NotificationGate>[];
  /** Your `RecipientResolver` (user id → addresses). @default DefaultRecipientResolver */
  resolver?: Type<RecipientResolver>;
  /** Receives deliveries a gate digests. @default none (a `digest` answer is then an error) */
  digester?: Type<NotificationDigester>;
  /**
   * Notification classes whose digests this process may render: a worker
   * renders a digest window with the class's `renderDigest`, and a process
   * that has not notified one of that class yet finds it here. List every
   * digested class where workers run apart from the code that notifies.
   * @default []
   */
  digests?: Array<abstract new (...args: any[]) => object>;
  /** Modules the classes above need (`forRoot`; `forRootAsync` has `imports` of its own). @default [] */
  imports?: Array<Type | DynamicModule | Promise<DynamicModule> | ForwardReference>;
}
