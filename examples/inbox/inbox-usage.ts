import { Injectable } from '@nestjs/common';
import { InboxService } from '@herald/notification/inbox';

@Injectable()
export class Builds {
  constructor(private readonly inbox: InboxService) {}

  async finished(userId: string) {
    const message = await this.inbox.send(userId, {
      title: 'Build finished',
      body: 'All green',
      category: 'ci',
      actionUrl: '/builds/7',
    });
    const { notifications, unreadCount, nextCursor } = await this.inbox.getInbox(userId, {
      limit: 20,
      unreadOnly: false,
    });
    const older = await this.inbox.getInbox(userId, { cursor: nextCursor });
    await this.inbox.markRead(userId, message.id); // true once, then false (already read / not theirs)
    await this.inbox.markAllRead(userId); // how many changed
    await this.inbox.delete(userId, message.id); // false when not theirs
    await this.inbox.countUnread(userId);
    return { notifications, unreadCount, older };
  }
}
