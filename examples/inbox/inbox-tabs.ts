import { Injectable } from '@nestjs/common';
import type { InboxFilter } from '@herald/contracts';
import { InboxService } from '@herald/notification/inbox';

/** The tabs a bell shows: each a filter; counted together in one statement. */
export const TABS: Record<string, InboxFilter> = {
  all: {}, // the inbox: neither archived nor snoozed now
  ci: { tags: ['ci', 'deploy'] }, // any of these tags
  urgent: { severity: ['high', 'critical'] },
  archived: { status: 'archived' },
};

@Injectable()
export class Deploys {
  constructor(private readonly inbox: InboxService) {}

  async waiting(userId: string) {
    const message = await this.inbox.send(userId, {
      title: 'Deploy #42 waits for approval',
      tags: ['deploy'],
      severity: 'high',
      actions: [
        { label: 'Approve', actionId: 'deploy.approve' }, // posted back: INBOX_ACTION_EVENT
        { label: 'Open', url: '/deploys/42' }, // opened by the client
      ],
      data: { deployId: 42 },
    });
    const page = await this.inbox.getInbox(userId, { filter: TABS.ci, limit: 20 });
    const counts = await this.inbox.counts(userId, TABS); // { all: { unread, unseen, total }, ... }
    await this.inbox.markAll(userId, 'seen', TABS.ci); // the bell was opened on this tab
    await this.inbox.snooze(userId, message.id, new Date(Date.now() + 60 * 60 * 1000));
    await this.inbox.unsnooze(userId, message.id); // back on top now
    await this.inbox.runAction(userId, message.id, 'deploy.approve'); // emits INBOX_ACTION_EVENT
    await this.inbox.archive(userId, message.id); // unarchive() brings it back
    return { page, counts };
  }
}
