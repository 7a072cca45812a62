import type * as BullMQ from 'bullmq';
import type { TracerProtocol } from '@herald/contracts';
import {
  BullmqConnection,
  loadBullmq,
  type BullmqQueueOptions,
} from '../../delivery/queue/bullmq-connection.util.js';
import { tracePublishJobs } from '../../delivery/queue/queue-tracing.util.js';
import type { NotifierJob, NotifierScheduler } from './notifier-job.interface.js';

export interface BullmqNotifierSchedulerOptions extends BullmqQueueOptions {
  /** Attempts of a due dispatch that fails (a database outage). @default 5 */
  attempts?: number;
  tracer?: TracerProtocol;
}

/**
 * Scheduled and deferred dispatches as delayed BullMQ jobs (queue
 * `<delivery queue>-notifier` by default, same Redis and prefix as the
 * delivery queue). The job id is the notification id (scheduled) or derived
 * from it (deferred), so BullMQ never holds the same dispatch twice, and
 * `remove` cancels a waiting one. Jobs carry the producer's trace context.
 */
export class BullmqNotifierScheduler implements NotifierScheduler {
  readonly queue: BullMQ.Queue;
  readonly name: string;
  private readonly connection: BullmqConnection;

  constructor(private readonly options: BullmqNotifierSchedulerOptions = {}) {
    const { Queue } = loadBullmq();
    this.name = options.queueName ?? 'herald-delivery-notifier';
    this.connection = new BullmqConnection(options.redisUrl, options.prefix);
    this.queue = new Queue(this.name, {
      connection: this.connection.connection,
      prefix: this.connection.prefix,
    });
  }

  schedule(jobId: string, job: NotifierJob, dueAtMs: number): Promise<void> {
    return tracePublishJobs(this.options.tracer, this.name, 1, async (trace) => {
      await this.queue.add(job.kind, trace ? { ...job, trace } : job, {
        jobId,
        delay: Math.max(0, dueAtMs - Date.now()),
        attempts: this.options.attempts ?? 5,
        backoff: { type: 'exponential', delay: 1000 },
        removeOnComplete: true,
        removeOnFail: { age: 7 * 86_400 },
      });
    });
  }

  async remove(jobId: string): Promise<boolean> {
    return (await this.queue.remove(jobId)) === 1;
  }

  /** Removes every key of this queue (tests, teardown of a throw-away queue). */
  async obliterate(): Promise<void> {
    await this.queue.obliterate({ force: true });
  }

  async close(): Promise<void> {
    await this.queue.close();
    await this.connection.close();
  }
}
