import { Body, Controller, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import type { InboxMessage } from '@herald/contracts';
import { InboxService, type InboxResult } from '@herald/notification';
import { InboxHooksListener } from './inbox-hooks.listener';

/** A user's inbox over HTTP, with the calls the README shows. */
@Controller('inbox/:userId')
export class InboxController {
  constructor(
    private readonly inbox: InboxService,
    private readonly hooks: InboxHooksListener,
  ) {}

  @Post()
  send(
    @Param('userId') userId: string,
    @Body() body: { title: string; body: string },
  ): Promise<InboxMessage> {
    return this.inbox.send(userId, { title: body.title, body: body.body, category: 'consumer' });
  }

  @Get()
  list(@Param('userId') userId: string, @Query('limit') limit?: string): Promise<InboxResult> {
    return this.inbox.getInbox(userId, { limit: limit ? Number(limit) : 20 });
  }

  @Post('read/:messageId')
  @HttpCode(200)
  async markRead(
    @Param('userId') userId: string,
    @Param('messageId') messageId: string,
  ): Promise<{ changed: boolean; unreadCount: number }> {
    const changed = await this.inbox.markRead(userId, messageId);
    return { changed, unreadCount: await this.inbox.countUnread(userId) };
  }

  @Get('hooks')
  hooksSeen(): { sent: string[] } {
    return { sent: this.hooks.sent };
  }
}
