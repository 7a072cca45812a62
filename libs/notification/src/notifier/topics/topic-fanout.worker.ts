import type * as BullMQ from 'bullmq';
import {
  BullmqConnection,
  loadBullmq,
  type BullmqQueueOptions,
} from '../../delivery/queue/bullmq-connection.util.js';
import type { TopicCheckpoint, TopicFanoutJob } from './topic-fanout-job.interface.js';

export interface TopicFanoutWorkerOptions extends BullmqQueueOptions {
  queueName: string;
  /** @default 1 */
  concurrency?: number;
  /** @default 30000 */
  lockDurationMs?: number;
}

/**
 * Runs topic fan-outs with `handle`, which records its checkpoint in the
 * job's data after each batch (`job.updateData`). A worker killed mid-way
 * stops renewing the job's lock; when it expires the job goes back to the
 * queue and the next worker resumes after the checkpoint.
 */
export class TopicFanoutWorker {
  readonly worker: BullMQ.Worker;
  /** The Redis connection and prefix (hash-tagged on a Cluster), as the delivery worker's. */
  private readonly connection: BullmqConnection;

  constructor(
    handle: (job: TopicFanoutJob, checkpoint: TopicCheckpoint) => Promise<unknown>,
    options: TopicFanoutWorkerOptions,
  ) {
    const { Worker } = loadBullmq();
    const lockDuration = options.lockDurationMs ?? 30_000;
    this.connection = new BullmqConnection(options.redisUrl, options.prefix);
    this.worker = new Worker(
      options.queueName,
      (job: BullMQ.Job<TopicFanoutJob>) => handle(job.data, (data) => job.updateData(data)),
      {
        connection: this.connection.connection,
        prefix: this.connection.prefix,
        concurrency: options.concurrency ?? 1,
        lockDuration,
        stalledInterval: Math.max(500, Math.floor(lockDuration / 2)),
        // a fan-out killed again and again still resumes; each run moves the checkpoint on
        maxStalledCount: 100,
      },
    );
    this.worker.on('error', () => undefined);
  }

  async close(): Promise<void> {
    await this.worker.close();
    await this.connection.close();
  }
}
