import type * as BullMQ from 'bullmq';
import { BullmqConnection, loadBullmq, type BullmqQueueOptions } from './bullmq-connection.util.js';
import type { DeliveryJob, DeliveryQueue, DeliveryQueueCounts } from './delivery-queue.protocol.js';
import { WriteCoalescer } from '../../utils/write-coalescer.util.js';

export interface BullmqDeliveryQueueOptions extends BullmqQueueOptions {
  /** BullMQ attempts per job; keep it equal to the retry policy's. @default 5 */
  attempts?: number;
  /** Seconds dead jobs stay in the failed set. @default 604800 (7 days) */
  keepFailedSeconds?: number;
}

/**
 * Producer of queued delivery on BullMQ. The job id is the delivery id, so
 * BullMQ itself drops a second add of the same message while the first is
 * waiting or running. Workers (`DeliveryWorker`) may run in any process.
 */
export class BullmqDeliveryQueue implements DeliveryQueue {
  readonly queue: BullMQ.Queue;
  readonly name: string;
  /** The key prefix in use (hash-tagged on a Redis Cluster). */
  readonly prefix: string;
  private readonly connection: BullmqConnection;

  constructor(readonly options: BullmqDeliveryQueueOptions = {}) {
    const { Queue } = loadBullmq();
    this.name = options.queueName ?? 'herald-delivery';
    this.connection = new BullmqConnection(options.redisUrl, options.prefix);
    this.prefix = this.connection.prefix;
    this.queue = new Queue(this.name, {
      connection: this.connection.connection,
      prefix: this.prefix,
    });
  }

  /** Concurrent enqueues become one `addBulk`. */
  private readonly adds = new WriteCoalescer<DeliveryJob, void>(async (jobs) => {
    await this.addBulk(jobs);
    return jobs.map(() => undefined);
  }, 1000);

  async enqueue(job: DeliveryJob): Promise<void> {
    await this.adds.submit([job]);
  }

  /**
   * `addBulk` in slices of 1000 jobs, one Redis round trip (MULTI) a slice;
   * jobs enqueued by concurrent callers in the same turn of the event loop
   * share the round trip.
   */
  async enqueueMany(jobs: readonly DeliveryJob[]): Promise<void> {
    await this.adds.submit(jobs);
  }

  private async addBulk(jobs: readonly DeliveryJob[]): Promise<void> {
    for (let start = 0; start < jobs.length; start += 1000) {
      await this.queue.addBulk(
        jobs
          .slice(start, start + 1000)
          .map((job) => ({ name: job.channel, data: job, opts: this.jobOptions(job) })),
      );
    }
  }

  private jobOptions(job: DeliveryJob): BullMQ.JobsOptions {
    return {
      jobId: job.id,
      attempts: this.options.attempts ?? 5,
      backoff: { type: 'herald' },
      removeOnComplete: true,
      removeOnFail: { age: this.options.keepFailedSeconds ?? 604_800 },
    };
  }

  /**
   * Ids whose job is in no state of this queue: one `HEXISTS` of the job
   * hash an id, sent together on one connection (no round trip each).
   */
  async missing(ids: readonly string[]): Promise<string[]> {
    if (ids.length === 0) return [];
    const client = await this.queue.client;
    const found = await Promise.all(ids.map((id) => client.hexists(this.queue.toKey(id), 'name')));
    return ids.filter((_, i) => found[i] === 0);
  }

  async counts(): Promise<DeliveryQueueCounts> {
    const c = await this.queue.getJobCounts(
      'waiting',
      'delayed',
      'active',
      'failed',
      'completed',
      'prioritized',
      'paused',
    );
    return {
      waiting: (c.waiting ?? 0) + (c.prioritized ?? 0) + (c.paused ?? 0),
      delayed: c.delayed ?? 0,
      active: c.active ?? 0,
      failed: c.failed ?? 0,
      completed: c.completed ?? 0,
    };
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
