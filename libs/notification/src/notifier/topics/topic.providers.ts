import type { Provider } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import { findDataSource } from '../../utils/find-data-source.util.js';
import { NOTIFIER_PARTS } from '../notifier.constants.js';
import { NOTIFIER_MODULE_OPTIONS } from '../notifier.module-definition.js';
import type { NotifierParts } from '../notifier-parts.interface.js';
import { DatabaseTopicStore } from './database-topic.store.js';
import { MemoryTopicStore } from './memory-topic.store.js';
import { TOPIC_FANOUT, TOPIC_STORE } from './topic.constants.js';
import { TopicFanout } from './topic-fanout.js';
import { TopicFanoutQueue } from './topic-fanout.queue.js';
import type { NotifierTopicOptions } from './topic-options.interface.js';
import { resolveTopicOptions } from './topic-options.util.js';
import { TopicService } from './topic.service.js';
import { TopicLifecycle } from './topic.lifecycle.js';

/** The providers of topics inside `NotifierModule`: the store, `TopicService`, the fan-out. */
export function createTopicProviders(): Provider[] {
  return [
    {
      provide: TOPIC_STORE,
      useFactory: (parts: NotifierParts, moduleRef: ModuleRef) =>
        parts.setup.store === 'memory'
          ? new MemoryTopicStore()
          : new DatabaseTopicStore(
              findDataSource(
                moduleRef,
                'the database topic store',
                'NotifierModule.store',
                'import TypeOrmModule.forRoot(...) and run NOTIFIER_MIGRATIONS, or use NotifierModule option store: "memory"',
              ),
            ),
      inject: [NOTIFIER_PARTS, ModuleRef],
    },
    {
      provide: TopicService,
      useFactory: (store) => new TopicService(store),
      inject: [TOPIC_STORE],
    },
    {
      provide: TOPIC_FANOUT,
      useFactory: (parts: NotifierParts, options?: { topics?: NotifierTopicOptions }) => {
        const topics = resolveTopicOptions(options?.topics);
        const { queue } = parts.setup;
        return new TopicFanout({
          notifications: topics.notifications,
          queue: queue
            ? new TopicFanoutQueue({ ...queue, queueName: `${queue.queueName}-topics` })
            : undefined,
        });
      },
      inject: [NOTIFIER_PARTS, NOTIFIER_MODULE_OPTIONS],
    },
    TopicLifecycle,
  ];
}
