import {
  Body,
  Controller,
  Delete,
  Get,
  HttpCode,
  NotFoundException,
  Param,
  Post,
  Query,
  Req,
  Res,
  UseFilters,
  UsePipes,
  ValidationPipe,
} from '@nestjs/common';
import type { Request, Response } from 'express';
import {
  InboxExceptionFilter,
  InboxLiveService,
  InboxService,
  inboxCountsJson,
  toInboxMessageJson,
} from '@herald/notification/inbox';
import { CurrentUser } from './current-user.decorator.js';
import {
  ActionParams,
  BulkBodyDto,
  CountsBodyDto,
  InboxQueryDto,
  MessageIdParams,
  SnoozeBodyDto,
} from './inbox/inbox.dto.js';

/**
 * The signed-in user's inbox, every route of docs/inbox-contract.md. Put your auth
 * guard in front (`@UseGuards(YourAuthGuard)` on this class, `APP_GUARD`, or
 * `InboxTokenGuard` for subscriber tokens); it must set `request.user.id`.
 * Needs `InboxService` and `InboxLiveService` (import `EventEmitterModule.forRoot()`);
 * the preferences routes are `InboxPreferencesController` (examples/inbox/).
 * `InboxError`s answer 400 (404 for an unknown action) through `InboxExceptionFilter`.
 */
@Controller('admin/notifications')
@UseFilters(InboxExceptionFilter)
@UsePipes(new ValidationPipe({ transform: true, whitelist: true, forbidNonWhitelisted: true }))
export class InboxController {
  constructor(
    private readonly inbox: InboxService,
    private readonly live: InboxLiveService,
  ) {}

  @Get('inbox')
  async list(@CurrentUser() userId: string, @Query() query: InboxQueryDto) {
    const { limit, cursor, unread_only, ...filter } = query;
    const page = await this.inbox.getInbox(userId, {
      limit,
      cursor,
      unreadOnly: unread_only,
      filter,
    });
    return {
      unread_count: page.unreadCount,
      unseen_count: page.unseenCount,
      notifications: page.notifications.map(toInboxMessageJson),
      ...(page.nextCursor ? { next_cursor: page.nextCursor } : {}),
    };
  }

  @Post('counts')
  @HttpCode(200)
  async counts(@CurrentUser() userId: string, @Body() body: CountsBodyDto) {
    return { counts: await this.inbox.counts(userId, body.tabs) };
  }

  @Post('read/:message_id')
  @HttpCode(200)
  async read(@CurrentUser() userId: string, @Param() { message_id }: MessageIdParams) {
    const changed = await this.inbox.markRead(userId, message_id);
    if (!changed && !(await this.inbox.findOne(userId, message_id))) throw new NotFoundException();
    const unreadCount = await this.inbox.countUnread(userId);
    return { message_id: message_id.toLowerCase(), read: true, changed, unread_count: unreadCount };
  }

  @Post('read-all')
  @HttpCode(200)
  async readAll(@CurrentUser() userId: string) {
    const marked = await this.inbox.markAllRead(userId);
    return { marked, unread_count: await this.inbox.countUnread(userId) };
  }

  @Post('messages/:message_id/seen')
  @HttpCode(200)
  async seen(@CurrentUser() userId: string, @Param() { message_id }: MessageIdParams) {
    return this.changed(userId, message_id, await this.inbox.markSeen(userId, message_id));
  }

  @Post('messages/:message_id/read')
  @HttpCode(200)
  async markRead(@CurrentUser() userId: string, @Param() { message_id }: MessageIdParams) {
    return this.changed(userId, message_id, await this.inbox.markRead(userId, message_id));
  }

  @Post('messages/:message_id/unread')
  @HttpCode(200)
  async unread(@CurrentUser() userId: string, @Param() { message_id }: MessageIdParams) {
    return this.changed(userId, message_id, await this.inbox.markUnread(userId, message_id));
  }

  @Post('messages/:message_id/archive')
  @HttpCode(200)
  async archive(@CurrentUser() userId: string, @Param() { message_id }: MessageIdParams) {
    return this.changed(userId, message_id, await this.inbox.archive(userId, message_id));
  }

  @Post('messages/:message_id/unarchive')
  @HttpCode(200)
  async unarchive(@CurrentUser() userId: string, @Param() { message_id }: MessageIdParams) {
    return this.changed(userId, message_id, await this.inbox.unarchive(userId, message_id));
  }

  @Post('messages/:message_id/unsnooze')
  @HttpCode(200)
  async unsnooze(@CurrentUser() userId: string, @Param() { message_id }: MessageIdParams) {
    return this.changed(userId, message_id, await this.inbox.unsnooze(userId, message_id));
  }

  @Post('messages/:message_id/snooze')
  @HttpCode(200)
  async snooze(
    @CurrentUser() userId: string,
    @Param() { message_id }: MessageIdParams,
    @Body() body: SnoozeBodyDto,
  ) {
    const changed = await this.inbox.snooze(userId, message_id, new Date(body.until));
    return this.changed(userId, message_id, changed);
  }

  @Post('messages/:message_id/actions/:action_id')
  @HttpCode(200)
  async action(@CurrentUser() userId: string, @Param() params: ActionParams) {
    const message = await this.inbox.runAction(userId, params.message_id, params.action_id);
    if (!message) throw new NotFoundException();
    return { message_id: message.id, action_id: params.action_id, done: true };
  }

  @Delete('messages/:message_id')
  async remove(@CurrentUser() userId: string, @Param() { message_id }: MessageIdParams) {
    if (!(await this.inbox.delete(userId, message_id))) throw new NotFoundException();
    const counts = await inboxCountsJson(this.inbox, userId);
    return { message_id: message_id.toLowerCase(), deleted: true, ...counts };
  }

  @Post('bulk/seen')
  @HttpCode(200)
  bulkSeen(@CurrentUser() userId: string, @Body() body: BulkBodyDto) {
    return this.bulk(userId, 'seen', body);
  }

  @Post('bulk/read')
  @HttpCode(200)
  bulkRead(@CurrentUser() userId: string, @Body() body: BulkBodyDto) {
    return this.bulk(userId, 'read', body);
  }

  @Post('bulk/archive')
  @HttpCode(200)
  bulkArchive(@CurrentUser() userId: string, @Body() body: BulkBodyDto) {
    return this.bulk(userId, 'archived', body);
  }

  /** Live events (`EventSource`; a subscriber token goes in `?token=`). */
  @Get('stream')
  async stream(@CurrentUser() userId: string, @Req() req: Request, @Res() res: Response) {
    await this.live.serve(req, res, userId);
  }

  private async bulk(userId: string, change: 'seen' | 'read' | 'archived', body: BulkBodyDto) {
    const changed = await this.inbox.markAll(userId, change, body.filter);
    return { changed, ...(await inboxCountsJson(this.inbox, userId)) };
  }

  private async changed(userId: string, messageId: string, changed: boolean) {
    const message = await this.inbox.findOne(userId, messageId);
    if (!message) throw new NotFoundException();
    const counts = await inboxCountsJson(this.inbox, userId);
    return { message: toInboxMessageJson(message), changed, ...counts };
  }
}
