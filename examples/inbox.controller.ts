import { Controller, Get, HttpCode, NotFoundException, Param, Post, Query } from '@nestjs/common';
import { UseFilters } from '@nestjs/common';
import { toInboxMessageJson } from '@herald/notification';
import { InboxExceptionFilter, InboxService } from '@herald/notification/inbox';
import { CurrentUser } from './current-user.decorator.js';

/**
 * The signed-in user's inbox: list, mark one read, mark all read. Put your auth guard in front
 * (`@UseGuards(YourAuthGuard)` on this class, or `APP_GUARD`); it must set `request.user.id`.
 */
@Controller('admin/notifications')
@UseFilters(InboxExceptionFilter)
export class InboxController {
  constructor(private readonly inbox: InboxService) {}

  @Get('inbox')
  async list(@CurrentUser() userId: string, @Query('cursor') cursor?: string) {
    const page = await this.inbox.getInbox(userId, { cursor });
    const notifications = page.notifications.map(toInboxMessageJson);
    return { unread_count: page.unreadCount, notifications, next_cursor: page.nextCursor };
  }

  @Post('read/:message_id')
  @HttpCode(200)
  async read(@CurrentUser() userId: string, @Param('message_id') id: string) {
    const changed = await this.inbox.markRead(userId, id);
    if (!changed && !(await this.inbox.findOne(userId, id))) throw new NotFoundException();
    const unreadCount = await this.inbox.countUnread(userId);
    return { message_id: id, read: true, changed, unread_count: unreadCount };
  }

  @Post('read-all')
  @HttpCode(200)
  async readAll(@CurrentUser() userId: string) {
    const marked = await this.inbox.markAllRead(userId);
    return { marked, unread_count: await this.inbox.countUnread(userId) };
  }
}
