import {
  Controller,
  Get,
  Header,
  Query,
  UseFilters,
  UseGuards,
  UsePipes,
  ValidationPipe,
} from '@nestjs/common';
import { MissingRenderMethodError, NotificationPreviewService } from '@herald/notification';
import { AdminShellService } from '../admin/admin-shell.service.js';
import { CurrentUserGuard } from '../auth/current-user.guard.js';
import { LoginRequiredFilter } from '../auth/login-required.filter.js';
import { PREVIEW_NOTIFICATIONS, PREVIEW_RECIPIENTS } from './demo-preview-catalog.js';
import { PreviewQueryDto } from './previews.dto.js';
import { renderPreviewsPage, type PreviewSelection } from './previews.page.js';

/**
 * `GET /admin/previews?class=&channel=&recipient=&locale=`: one notification
 * class of the demo rendered for a sample recipient, channel and locale by
 * `NotificationPreviewService` (nothing sent, nothing stored). Every query
 * value is optional and checked against the page's own lists (400 naming it).
 */
@Controller('admin')
@UseGuards(CurrentUserGuard)
@UseFilters(LoginRequiredFilter)
@UsePipes(new ValidationPipe({ transform: true, whitelist: true, forbidNonWhitelisted: true }))
export class PreviewsController {
  constructor(
    private readonly previews: NotificationPreviewService,
    private readonly shell: AdminShellService,
  ) {}

  @Get('previews')
  @Header('Content-Type', 'text/html; charset=utf-8')
  // a page of other people's mail: never cached
  @Header('Cache-Control', 'no-store')
  async page(@Query() query: PreviewQueryDto): Promise<string> {
    const recipientKey = query.recipient ?? 'sam';
    const recipient = PREVIEW_RECIPIENTS[recipientKey];
    const chosen = {
      class: query.class ?? 'order-shipped',
      channel: query.channel ?? 'mail',
      recipient: recipientKey,
      locale: query.locale ?? recipient.locale ?? 'en',
    };
    const notification = PREVIEW_NOTIFICATIONS[chosen.class].create();
    const selection: PreviewSelection = { ...chosen, type: notification.type };
    const { label: _label, ...person } = recipient;
    try {
      selection.preview = await this.previews.render(
        notification,
        person,
        chosen.channel,
        chosen.locale,
      );
    } catch (error) {
      if (!(error instanceof MissingRenderMethodError)) throw error;
      selection.missing = error.message;
    }
    return this.shell.render('Previews', renderPreviewsPage(selection));
  }
}
