import { Body, Controller, Get, Param, Post } from '@nestjs/common';
import type { InboxMessage } from '@herald/contracts';
import { InboxService } from '@herald/notification';
import { InboxHooksListener } from './inbox-hooks.listener.js';

/**
 * What the check needs beside the recipe's routes: `POST /inbox/:userId` sends
 * a message (as the app's own code would), `GET /inbox/hooks` shows the ids
 * `INBOX_SENT_HOOK` announced.
 */
@Controller('inbox')
export class InboxTestController {
  constructor(
    private readonly inbox: InboxService,
    private readonly hooks: InboxHooksListener,
  ) {}

  @Post(':userId')
  send(
    @Param('userId') userId: string,
    @Body() body: { title: string; body: string },
  ): Promise<InboxMessage> {
    return this.inbox.send(userId, { title: body.title, body: body.body, category: 'consumer' });
  }

  @Get('hooks')
  hooksSeen(): { sent: string[] } {
    return { sent: this.hooks.sent };
  }
}
