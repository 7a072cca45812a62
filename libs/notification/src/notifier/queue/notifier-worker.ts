import type * as BullMQ from 'bullmq';
import type { TracerProtocol } from '@herald/contracts';
import {
  BullmqConnection,
  loadBullmq,
  type BullmqQueueOptions,
} from '../../delivery/queue/bullmq-connection.util.js';
import { traceProcessJob } from '../../delivery/queue/queue-tracing.util.js';
import type { NotifierJob } from './notifier-job.interface.js';

export interface NotifierWorkerOptions extends BullmqQueueOptions {
  /** Dispatches run at once. @default 5 */
  concurrency?: number;
  tracer?: TracerProtocol;
}

/**
 * Runs the notifier's due jobs (scheduled notifications, deferred
 * deliveries) with `handle`, each in a CONSUMER span continuing the trace of
 * the `notify()` that scheduled it. `close()` waits for the jobs in flight.
 */
export class NotifierWorker {
  readonly worker: BullMQ.Worker;
  private readonly connection: BullmqConnection;

  constructor(
    handle: (job: NotifierJob) => Promise<unknown>,
    private readonly options: NotifierWorkerOptions = {},
  ) {
    const { Worker } = loadBullmq();
    const name = options.queueName ?? 'herald-delivery-notifier';
    this.connection = new BullmqConnection(options.redisUrl, options.prefix);
    this.worker = new Worker(
      name,
      (job: BullMQ.Job<NotifierJob>) =>
        traceProcessJob(
          options.tracer,
          name,
          job.data.trace,
          {
            'messaging.message.id': job.id ?? '',
            'herald.notification.id': job.data.plan.notification.id,
            'herald.notification.type': job.data.plan.notification.type,
          },
          () => handle(job.data),
        ),
      {
        connection: this.connection.connection,
        prefix: this.connection.prefix,
        concurrency: options.concurrency ?? 5,
      },
    );
    this.worker.on('error', () => undefined);
  }

  async ready(): Promise<void> {
    await this.worker.waitUntilReady();
  }

  async close(): Promise<void> {
    await this.worker.close();
    await this.connection.close();
  }
}
