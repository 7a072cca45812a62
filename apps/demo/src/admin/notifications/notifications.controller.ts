import {
  Body,
  Controller,
  Get,
  HttpCode,
  NotFoundException,
  Param,
  Post,
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
import { InboxExceptionFilter, InboxService, serveSse } from '@herald/notification/inbox';
import { NotificationAdminContributor, toInboxMessageJson } from '@herald/notification';
import { CurrentUser } from '../../auth/current-user.decorator.js';
import { CurrentUserGuard } from '../../auth/current-user.guard.js';
import { LoginRequiredFilter } from '../../auth/login-required.filter.js';
import { sameSiteRefererPath } from '../../auth/safe-next-path.util.js';
import { RealtimeHub } from '../realtime/realtime-hub.service.js';
import { InboxQueryDto, MessageIdParamDto, SendMessageDto } from './notifications.dto.js';

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
  ) {}

  /** `{ unread_count, notifications, next_cursor? }` for the current user (the bell's data). */
  @Get('inbox')
  async list(@CurrentUser() viewer: AdminViewer, @Query() query: InboxQueryDto) {
    const page = await this.inbox.getInbox(viewer.id, {
      limit: query.limit,
      cursor: query.cursor,
      unreadOnly: query.unread_only,
    });
    return {
      unread_count: page.unreadCount,
      notifications: page.notifications.map(toInboxMessageJson),
      ...(page.nextCursor ? { next_cursor: page.nextCursor } : {}),
    };
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
    });
    if (wantsHtml(req))
      return res.redirect(303, sameSiteRefererPath(req, this.contributor.basePath));
    return { message: toInboxMessageJson(message) };
  }

  /** Server-sent events for the current user: inbox.sent / inbox.read / inbox.read_all, heartbeats, replay. */
  @Get('stream')
  async stream(@CurrentUser() viewer: AdminViewer, @Req() req: Request, @Res() res: Response) {
    await serveSse(req, res, this.hub, viewer.id, async () => ({
      type: 'sync',
      data: { unread_count: await this.inbox.countUnread(viewer.id) },
    }));
  }
}
