import {
  BadRequestException,
  Body,
  Controller,
  Delete,
  ForbiddenException,
  Get,
  HttpCode,
  NotFoundException,
  Param,
  Post,
  Put,
  Query,
  Req,
  Res,
  UseFilters,
  UseGuards,
  UsePipes,
  ValidationPipe,
} from '@nestjs/common';
import type { Request, Response } from 'express';
import type { AdminViewer } from '@herald/contracts';
import {
  InboxExceptionFilter,
  InboxService,
  inboxCountsJson,
  serveSse,
  toInboxMessageJson,
} from '@herald/notification/inbox';
import {
  NotificationAdminContributor,
  NotificationPreferenceError,
  NotificationPreferencesService,
} from '@herald/notification';
import { CurrentUser } from '../../auth/current-user.decorator.js';
import { DemoAuthService, INBOX_TOKEN_SIGN_IN } from '../../auth/demo-auth.service.js';
import { CurrentUserGuard } from '../../auth/current-user.guard.js';
import { LoginRequiredFilter } from '../../auth/login-required.filter.js';
import { sameSiteRefererPath } from '../../auth/safe-next-path.util.js';
import { RealtimeHub } from '../realtime/realtime-hub.service.js';
import { DEMO_PREFERENCE_TOPICS } from '../../preferences/demo-preference-topics.js';
import {
  ActionParamsDto,
  BulkBodyDto,
  CountsBodyDto,
  EmptyBodyDto,
  InboxPageQueryDto,
  InboxPreferenceDto,
  MessageIdParamDto,
  SendMessageDto,
  SnoozeBodyDto,
} from './notifications.dto.js';

const wantsHtml = (req: Request) => req.accepts(['json', 'html']) === 'html';
/**
 * The admin notification routes of SPEC's HTTP table, plus the live stream and
 * a send endpoint. `InboxError`s (a bad cursor, input the library refuses) are
 * answered by the inbox library's `InboxExceptionFilter`.
 */
@Controller('admin/notifications')
@UseGuards(CurrentUserGuard)
@UseFilters(LoginRequiredFilter, InboxExceptionFilter)
@UsePipes(new ValidationPipe({ transform: true, whitelist: true, forbidNonWhitelisted: true }))
export class NotificationsController {
  constructor(
    private readonly inbox: InboxService,
    private readonly hub: RealtimeHub,
    private readonly contributor: NotificationAdminContributor,
    private readonly preferences: NotificationPreferencesService,
    private readonly auth: DemoAuthService,
  ) {}

  /**
   * An inbox subscriber token for the current user (one hour), for a page that talks
   * to the routes with `Authorization: Bearer` or opens the stream with `?token=`.
   * Not from a subscriber token itself: it cannot renew itself forever.
   */
  @Post('token')
  @HttpCode(200)
  token(@CurrentUser() viewer: AdminViewer, @Body() _body: EmptyBodyDto, @Req() req: Request) {
    if ((req as unknown as Record<string, unknown>)[INBOX_TOKEN_SIGN_IN]) {
      throw new ForbiddenException('A subscriber token cannot issue another: sign in first');
    }
    const { token, expiresAt } = this.auth.issueInboxToken(viewer.id);
    return { token, token_type: 'Bearer', expires_at: expiresAt.toISOString() };
  }

  /** `{ unread_count, unseen_count, notifications, next_cursor? }`: a page of one tab of the current user. */
  @Get('inbox')
  async list(@CurrentUser() viewer: AdminViewer, @Query() query: InboxPageQueryDto) {
    const { limit, cursor, unread_only, ...filter } = query;
    const page = await this.inbox.getInbox(viewer.id, {
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

  /** `{ counts: { [tabId]: { unread, unseen, total } } }`, every tab in one statement. */
  @Post('counts')
  @HttpCode(200)
  async counts(@CurrentUser() viewer: AdminViewer, @Body() body: CountsBodyDto) {
    return { counts: await this.inbox.counts(viewer.id, body.tabs) };
  }

  /** Marks one of the user's messages read; 404 when it is not theirs (or unknown: same answer). */
  @Post('read/:message_id')
  @HttpCode(200)
  async read(
    @CurrentUser() viewer: AdminViewer,
    @Param() params: MessageIdParamDto,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ) {
    const changed = await this.inbox.markRead(viewer.id, params.message_id);
    if (!changed && !(await this.inbox.findOne(viewer.id, params.message_id))) {
      throw new NotFoundException(`Notification '${params.message_id}' not found`);
    }
    if (wantsHtml(req))
      return res.redirect(303, sameSiteRefererPath(req, this.contributor.basePath));
    return {
      message_id: params.message_id.toLowerCase(),
      read: true,
      changed,
      unread_count: await this.inbox.countUnread(viewer.id),
    };
  }

  /** Marks all of the user's messages read. */
  @Post('read-all')
  @HttpCode(200)
  async readAll(
    @CurrentUser() viewer: AdminViewer,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ) {
    const marked = await this.inbox.markAllRead(viewer.id);
    if (wantsHtml(req))
      return res.redirect(303, sameSiteRefererPath(req, this.contributor.basePath));
    return { marked, unread_count: await this.inbox.countUnread(viewer.id) };
  }

  /** Sends an inbox message (to `user_id`, default yourself): the demo's way to move a bell. */
  @Post('send')
  @HttpCode(201)
  async send(
    @CurrentUser() viewer: AdminViewer,
    @Body() body: SendMessageDto,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ) {
    const message = await this.inbox.send(body.user_id ?? viewer.id, {
      title: body.title,
      body: body.body ?? '',
      category: body.category,
      actionUrl: body.action_url,
      tags: body.tags,
      severity: body.severity,
      // both fields passed on: the library refuses an action with both or neither (400)
      actions: body.actions?.map((a) => ({
        label: a.label,
        ...(a.url !== undefined ? { url: a.url } : {}),
        ...(a.action_id !== undefined ? { actionId: a.action_id } : {}),
      })),
    });
    if (wantsHtml(req))
      return res.redirect(303, sameSiteRefererPath(req, this.contributor.basePath));
    return { message: toInboxMessageJson(message) };
  }

  @Post('messages/:message_id/seen')
  @HttpCode(200)
  async seen(@CurrentUser() viewer: AdminViewer, @Param() { message_id }: MessageIdParamDto) {
    return this.changed(viewer.id, message_id, await this.inbox.markSeen(viewer.id, message_id));
  }

  @Post('messages/:message_id/read')
  @HttpCode(200)
  async markRead(@CurrentUser() viewer: AdminViewer, @Param() { message_id }: MessageIdParamDto) {
    return this.changed(viewer.id, message_id, await this.inbox.markRead(viewer.id, message_id));
  }

  @Post('messages/:message_id/unread')
  @HttpCode(200)
  async unread(@CurrentUser() viewer: AdminViewer, @Param() { message_id }: MessageIdParamDto) {
    return this.changed(viewer.id, message_id, await this.inbox.markUnread(viewer.id, message_id));
  }

  @Post('messages/:message_id/archive')
  @HttpCode(200)
  async archive(@CurrentUser() viewer: AdminViewer, @Param() { message_id }: MessageIdParamDto) {
    return this.changed(viewer.id, message_id, await this.inbox.archive(viewer.id, message_id));
  }

  @Post('messages/:message_id/unarchive')
  @HttpCode(200)
  async unarchive(@CurrentUser() viewer: AdminViewer, @Param() { message_id }: MessageIdParamDto) {
    return this.changed(viewer.id, message_id, await this.inbox.unarchive(viewer.id, message_id));
  }

  @Post('messages/:message_id/unsnooze')
  @HttpCode(200)
  async unsnooze(@CurrentUser() viewer: AdminViewer, @Param() { message_id }: MessageIdParamDto) {
    return this.changed(viewer.id, message_id, await this.inbox.unsnooze(viewer.id, message_id));
  }

  @Post('messages/:message_id/snooze')
  @HttpCode(200)
  async snooze(
    @CurrentUser() viewer: AdminViewer,
    @Param() { message_id }: MessageIdParamDto,
    @Body() body: SnoozeBodyDto,
  ) {
    const changed = await this.inbox.snooze(viewer.id, message_id, new Date(body.until));
    return this.changed(viewer.id, message_id, changed);
  }

  /** Runs an action button's `action_id` (`INBOX_ACTION_EVENT`); 404 when the message or the action is not there. */
  @Post('messages/:message_id/actions/:action_id')
  @HttpCode(200)
  async action(@CurrentUser() viewer: AdminViewer, @Param() params: ActionParamsDto) {
    const message = await this.inbox.runAction(viewer.id, params.message_id, params.action_id);
    if (!message) throw new NotFoundException(`Notification '${params.message_id}' not found`);
    return { message_id: message.id, action_id: params.action_id, done: true };
  }

  @Delete('messages/:message_id')
  async remove(@CurrentUser() viewer: AdminViewer, @Param() { message_id }: MessageIdParamDto) {
    if (!(await this.inbox.delete(viewer.id, message_id))) {
      throw new NotFoundException(`Notification '${message_id}' not found`);
    }
    const counts = await inboxCountsJson(this.inbox, viewer.id);
    return { message_id: message_id.toLowerCase(), deleted: true, ...counts };
  }

  @Post('bulk/seen')
  @HttpCode(200)
  bulkSeen(@CurrentUser() viewer: AdminViewer, @Body() body: BulkBodyDto) {
    return this.bulk(viewer.id, 'seen', body);
  }

  @Post('bulk/read')
  @HttpCode(200)
  bulkRead(@CurrentUser() viewer: AdminViewer, @Body() body: BulkBodyDto) {
    return this.bulk(viewer.id, 'read', body);
  }

  @Post('bulk/archive')
  @HttpCode(200)
  bulkArchive(@CurrentUser() viewer: AdminViewer, @Body() body: BulkBodyDto) {
    return this.bulk(viewer.id, 'archived', body);
  }

  /** The demo's topics with each channel on or off for the current user (the inbox's preferences panel). */
  @Get('preferences')
  async getPreferences(@CurrentUser() viewer: AdminViewer) {
    const effective = await this.preferences.effective(viewer.id, DEMO_PREFERENCE_TOPICS);
    return {
      topics: DEMO_PREFERENCE_TOPICS.map((topic) => ({
        category: topic.category,
        label: topic.label,
        channels: effective
          .filter((p) => p.category === topic.category)
          .map((p) => ({ channel: p.channel, enabled: p.enabled })),
      })),
    };
  }

  /** Turns one channel of one demo topic on or off for the current user. */
  @Put('preferences')
  async setPreference(@CurrentUser() viewer: AdminViewer, @Body() body: InboxPreferenceDto) {
    const topic = DEMO_PREFERENCE_TOPICS.find((t) => t.category === body.category);
    if (!topic) {
      const known = DEMO_PREFERENCE_TOPICS.map((t) => t.category).join(', ');
      throw new BadRequestException(`category must be one of ${known}`);
    }
    if (!topic.channels.includes(body.channel)) {
      throw new BadRequestException(
        `channel must be one of ${topic.channels.join(', ')} for '${topic.category}'`,
      );
    }
    try {
      const saved = await this.preferences.set({ userId: viewer.id, ...body });
      return { category: saved.category, channel: saved.channel, enabled: saved.enabled };
    } catch (error) {
      if (error instanceof NotificationPreferenceError)
        throw new BadRequestException(error.message);
      throw error;
    }
  }

  /**
   * Server-sent events for the current user (docs/inbox-contract.md): sync, inbox.sent,
   * inbox.updated, inbox.read, inbox.read_all, inbox.deleted; heartbeats, replay. A
   * subscriber token may come as `?token=` (EventSource sends no headers).
   */
  @Get('stream')
  async stream(@CurrentUser() viewer: AdminViewer, @Req() req: Request, @Res() res: Response) {
    await serveSse(req, res, this.hub, viewer.id, async () => ({
      type: 'sync',
      data: await inboxCountsJson(this.inbox, viewer.id),
    }));
  }

  private async bulk(userId: string, change: 'seen' | 'read' | 'archived', body: BulkBodyDto) {
    const changed = await this.inbox.markAll(userId, change, body.filter);
    return { changed, ...(await inboxCountsJson(this.inbox, userId)) };
  }

  private async changed(userId: string, messageId: string, changed: boolean) {
    const message = await this.inbox.findOne(userId, messageId);
    if (!message) throw new NotFoundException(`Notification '${messageId}' not found`);
    return {
      message: toInboxMessageJson(message),
      changed,
      ...(await inboxCountsJson(this.inbox, userId)),
    };
  }
}
