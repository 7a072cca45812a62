import { Injectable, Module } from '@nestjs/common';
import {
  Notification,
  NotifierModule,
  NotifierService,
  topic,
  TopicService,
} from '@herald/notification';

interface User {
  id: string;
  email: string;
}

export class ProjectUpdated extends Notification<User> {
  override readonly category = 'projects';
  // its own fields travel in the fan-out job (JSON), so a worker can rebuild it
  constructor(readonly project: string) {
    super();
  }
  via() {
    return ['inbox'];
  }
  toInbox() {
    return { title: `${this.project} was updated`, body: 'See what changed.' };
  }
}

@Injectable()
export class Watchers {
  constructor(
    private readonly topics: TopicService,
    private readonly notifier: NotifierService,
  ) {}

  watch(projectId: number, user: User) {
    // a user id, or a user object whose routing fields (email, locale...) are kept
    return this.topics.subscribe(`project:${projectId}:watchers`, user);
  }

  unwatch(projectId: number, userId: string) {
    return this.topics.unsubscribe(`project:${projectId}:watchers`, userId);
  }

  // every watcher, with their own preferences, quiet hours and locale;
  // read 1,000 at a time, never all at once
  projectUpdated(projectId: number, name: string) {
    return this.notifier.notify(topic(`project:${projectId}:watchers`), new ProjectUpdated(name), {
      idempotencyKey: `project:${projectId}:update:${Date.now()}`,
    });
  }
}

@Module({
  imports: [
    NotifierModule.forRoot({
      // workers rebuild the notification from its class (queued mode)
      topics: { batchSize: 1000, notifications: [ProjectUpdated] },
    }),
  ],
  providers: [Watchers],
})
export class WatchersModule {}
