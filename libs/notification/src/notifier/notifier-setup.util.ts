import { HeraldConfigError, type ConfigProblem } from '@herald/contracts';
import type { BullmqQueueOptions } from '../delivery/queue/bullmq-connection.util';
import { BullmqDeliveryQueue } from '../delivery/queue/bullmq-delivery.queue';
import type { DeliveryConfig } from '../delivery/delivery-settings.util';
import type { DeliveryService } from '../delivery/reliable/delivery.service';
import type { NotifierModuleOptions } from './notifier-options.interface';

/** How one notifier runs, from its options and the reliable delivery it sits on. */
export interface NotifierSetup {
  store: 'memory' | 'database';
  worker: boolean;
  concurrency: number;
  retentionDays: number;
  /** The notifier queue (scheduled and deferred dispatches), beside the delivery queue; absent inline. */
  queue?: BullmqQueueOptions & { queueName: string };
}

/** Validates the options (every problem at once) and derives the rest from the delivery config. */
export function resolveNotifierSetup(
  options: NotifierModuleOptions = {},
  delivery: DeliveryService,
  config?: DeliveryConfig,
): NotifierSetup {
  const problems: ConfigProblem[] = [];
  const { store, worker, concurrency, inlineTimers } = options;
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
  if (concurrency !== undefined && (!Number.isInteger(concurrency) || concurrency < 1))
    problems.push({
      path: 'concurrency',
      message: `must be an integer of 1 or more (got ${JSON.stringify(concurrency)})`,
    });
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
    store: store ?? (config?.enabled && config.store === 'database' ? 'database' : 'memory'),
    worker: worker ?? config?.worker ?? true,
    concurrency: concurrency ?? 5,
    retentionDays: config?.retentionDays ?? 7,
    queue,
  };
}
