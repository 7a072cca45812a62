import { Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { InboxService } from '@herald/notification/inbox';
import { DEMO_USERS } from '../../auth/demo-users.js';

const WELCOME = [
  {
    title: 'Welcome to Herald',
    body: 'This is your in-app inbox. The bell in the top bar counts unread messages.',
  },
  {
    title: 'Try the live bell',
    body: 'Send yourself a message with the form below the list: the bell updates without a reload.',
  },
  {
    title: 'Nightly backup finished',
    body: 'All 3 databases were backed up in 4 minutes.',
    category: 'ops',
  },
];

/** Gives each demo user a few messages the first time the demo starts on an empty inbox. */
@Injectable()
export class InboxDemoSeeder implements OnApplicationBootstrap {
  private readonly logger = new Logger('InboxDemoSeeder');

  constructor(private readonly inbox: InboxService) {}

  async onApplicationBootstrap(): Promise<void> {
    if (process.env.DEMO_SEED_INBOX === 'false') return;
    let seeded = 0;
    for (const user of DEMO_USERS) {
      if ((await this.inbox.getInbox(user.id, { limit: 1 })).notifications.length > 0) continue;
      for (const message of WELCOME) {
        await this.inbox.send(user.id, message);
        seeded++;
      }
    }
    if (seeded > 0) this.logger.log(`seeded ${seeded} inbox messages for the demo users`);
  }
}
