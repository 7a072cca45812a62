import { HeraldConfigError, type ConfigProblem } from '@herald/contracts';
import type { BullmqQueueOptions } from '../delivery/queue/bullmq-connection.util.js';
import { BullmqDeliveryQueue } from '../delivery/queue/bullmq-delivery.queue.js';
import type { DeliveryConfig } from '../delivery/delivery-settings.util.js';
import type { DeliveryService } from '../delivery/reliable/delivery.service.js';
import type { NotifierModuleOptions, NotifierOutboxOptions } from './notifier-options.interface.js';
import { resolveWebhookOptions, type ResolvedWebhookOptions } from './webhooks/webhook-options.js';

/** How one notifier runs, from its options and the reliable delivery it sits on. */
export interface NotifierSetup {
  store: 'memory' | 'database';
  worker: boolean;
  concurrency: number;
  /** Above this many segments a rendered SMS is logged as a warning. */
  smsSegmentWarning: number;
  /** Whether the preference gate runs first among the gates. */
  preferences: boolean;
  retentionDays: number;
  /** The notifier queue (scheduled and deferred dispatches), beside the delivery queue; absent inline. */
  queue?: BullmqQueueOptions & { queueName: string };
  /** The transactional outbox, when enabled. */
  outbox?: Required<NotifierOutboxOptions>;
  /** The outgoing-webhook channel's options, defaults filled. */
  webhooks: ResolvedWebhookOptions;
}

const OUTBOX_NUMBERS = ['batchSize', 'pollIntervalMs', 'leaseMs', 'maxAttempts'] as const;

/** The `outbox` option checked (problems pushed) and completed; `undefined` when off. */
function resolveOutbox(
  value: NotifierModuleOptions['outbox'],
  store: 'memory' | 'database',
  worker: boolean,
  problems: ConfigProblem[],
): Required<NotifierOutboxOptions> | undefined {
  if (value === undefined || value === false) return undefined;
  if (value !== true && (value === null || typeof value !== 'object' || Array.isArray(value))) {
    problems.push({
      path: 'outbox',
      message: `must be true, false or an object of outbox options (got ${JSON.stringify(value)})`,
    });
    return undefined;
  }
  const given: NotifierOutboxOptions = value === true ? {} : value;
  if (store !== 'database')
    problems.push({
      path: 'outbox',
      message:
        'needs store "database" (the outbox is a table written inside your TypeORM transaction); set store: "database" and run NOTIFIER_MIGRATIONS',
    });
  if (given.relay !== undefined && typeof given.relay !== 'boolean')
    problems.push({
      path: 'outbox.relay',
      message: `must be true or false (got ${JSON.stringify(given.relay)})`,
    });
  for (const key of OUTBOX_NUMBERS) {
    const n = given[key];
    if (n !== undefined && (!Number.isInteger(n) || n < 1))
      problems.push({
        path: `outbox.${key}`,
        message: `must be an integer of 1 or more (got ${JSON.stringify(n)})`,
      });
  }
  return {
    relay: given.relay ?? worker,
    batchSize: given.batchSize ?? 50,
    pollIntervalMs: given.pollIntervalMs ?? 1000,
    leaseMs: given.leaseMs ?? 30_000,
    maxAttempts: given.maxAttempts ?? 10,
  };
}

/** Validates the options (every problem at once) and derives the rest from the delivery config. */
export function resolveNotifierSetup(
  options: NotifierModuleOptions = {},
  delivery: DeliveryService,
  config?: DeliveryConfig,
): NotifierSetup {
  const problems: ConfigProblem[] = [];
  const { store, worker, concurrency, preferences, inlineTimers } = options;
  if (inlineTimers !== undefined && typeof inlineTimers !== 'boolean')
    problems.push({
      path: 'inlineTimers',
      message: `must be true or false (got ${JSON.stringify(inlineTimers)})`,
    });
  if (store !== undefined && store !== 'memory' && store !== 'database')
    problems.push({
      path: 'store',
      message: `must be "memory" or "database" (got ${JSON.stringify(store)})`,
    });
  if (worker !== undefined && typeof worker !== 'boolean')
    problems.push({
      path: 'worker',
      message: `must be true or false (got ${JSON.stringify(worker)})`,
    });
  if (preferences !== undefined && typeof preferences !== 'boolean')
    problems.push({
      path: 'preferences',
      message: `must be true or false (got ${JSON.stringify(preferences)})`,
    });
  if (concurrency !== undefined && (!Number.isInteger(concurrency) || concurrency < 1))
    problems.push({
      path: 'concurrency',
      message: `must be an integer of 1 or more (got ${JSON.stringify(concurrency)})`,
    });
  const { smsSegmentWarning } = options;
  if (
    smsSegmentWarning !== undefined &&
    (!Number.isInteger(smsSegmentWarning) || smsSegmentWarning < 1)
  )
    problems.push({
      path: 'smsSegmentWarning',
      message: `must be an integer of 1 or more (got ${JSON.stringify(smsSegmentWarning)})`,
    });
  const resolvedStore =
    store === 'memory' || store === 'database'
      ? store
      : config?.enabled && config.store === 'database'
        ? 'database'
        : 'memory';
  const resolvedWorker = typeof worker === 'boolean' ? worker : (config?.worker ?? true);
  const outbox = resolveOutbox(options.outbox, resolvedStore, resolvedWorker, problems);
  const webhooks = resolveWebhookOptions(options.webhooks, problems);
  if (problems.length > 0) throw new HeraldConfigError(problems, 'Invalid NotifierModule options');
  const queue =
    delivery.queue instanceof BullmqDeliveryQueue
      ? {
          redisUrl: delivery.queue.options.redisUrl,
          prefix: delivery.queue.prefix,
          queueName: `${delivery.queue.name}-notifier`,
        }
      : undefined;
  return {
    store: resolvedStore,
    worker: resolvedWorker,
    outbox,
    webhooks,
    concurrency: concurrency ?? 5,
    smsSegmentWarning: smsSegmentWarning ?? 3,
    preferences: preferences ?? true,
    retentionDays: config?.retentionDays ?? 7,
    queue,
  };
}
