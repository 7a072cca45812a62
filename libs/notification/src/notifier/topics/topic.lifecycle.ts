import {
  Inject,
  Injectable,
  type BeforeApplicationShutdown,
  type OnApplicationBootstrap,
} from '@nestjs/common';
import { NOTIFIER_PARTS } from '../notifier.constants.js';
import { NOTIFIER_MODULE_OPTIONS } from '../notifier.module-definition.js';
import type { NotifierParts } from '../notifier-parts.interface.js';
import { TOPIC_FANOUT } from './topic.constants.js';
import type { TopicFanout } from './topic-fanout.js';
import type { NotifierTopicOptions } from './topic-options.interface.js';
import { resolveTopicOptions } from './topic-options.util.js';
import { TopicFanoutWorker } from './topic-fanout.worker.js';

/**
 * Starts the fan-out worker at bootstrap (queued mode, where the notifier's
 * `worker` runs) and, at shutdown, lets it finish the batch it holds (the
 * next worker resumes after that batch's checkpoint).
 */
@Injectable()
export class TopicLifecycle implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private worker?: TopicFanoutWorker;

  constructor(
    @Inject(NOTIFIER_PARTS) private readonly parts: NotifierParts,
    @Inject(TOPIC_FANOUT) private readonly fanout: TopicFanout,
    @Inject(NOTIFIER_MODULE_OPTIONS) private readonly options: { topics?: NotifierTopicOptions },
  ) {}

  onApplicationBootstrap(): void {
    const { queue, worker } = this.parts.setup;
    if (!queue || !worker) return;
    const topics = resolveTopicOptions(this.options?.topics);
    this.worker = new TopicFanoutWorker((job, checkpoint) => this.fanout.runJob(job, checkpoint), {
      ...queue,
      queueName: `${queue.queueName}-topics`,
      concurrency: topics.concurrency,
      lockDurationMs: topics.lockDurationMs,
    });
  }

  async beforeApplicationShutdown(): Promise<void> {
    await this.worker?.close();
    await this.fanout.close();
  }
}
