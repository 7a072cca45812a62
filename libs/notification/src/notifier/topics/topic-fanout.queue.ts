import type * as BullMQ from 'bullmq';
import {
  BullmqConnection,
  loadBullmq,
  type BullmqQueueOptions,
} from '../../delivery/queue/bullmq-connection.util.js';
import type { TopicFanoutJob, TopicFanoutSink } from './topic-fanout-job.interface.js';

/**
 * The queue of topic fan-outs (`<notifier queue>-topics`, same Redis and
 * prefix as the delivery queue). The job id is the notification id, so a
 * `notify()` repeated with the same idempotency key adds nothing.
 */
export class TopicFanoutQueue implements TopicFanoutSink {
  readonly queue: BullMQ.Queue;
  /** The Redis connection and prefix (hash-tagged on a Cluster), as the delivery queue's. */
  private readonly connection: BullmqConnection;

  constructor(readonly options: BullmqQueueOptions & { queueName: string }) {
    const { Queue } = loadBullmq();
    this.connection = new BullmqConnection(options.redisUrl, options.prefix);
    this.queue = new Queue(options.queueName, {
      connection: this.connection.connection,
      prefix: this.connection.prefix,
    });
  }

  async add(notificationId: string, job: TopicFanoutJob): Promise<void> {
    await this.queue.add('fanout', job, {
      jobId: notificationId,
      attempts: 10,
      backoff: { type: 'exponential', delay: 1000 },
      removeOnComplete: true,
      removeOnFail: { age: 7 * 86_400 },
    });
  }

  async close(): Promise<void> {
    await this.queue.close();
    await this.connection.close();
  }
}
