import {
  Body,
  Controller,
  Get,
  HttpCode,
  Post,
  Query,
  Res,
  UseFilters,
  UseGuards,
  UsePipes,
  ValidationPipe,
} from '@nestjs/common';
import type { Response } from 'express';
import type { AdminViewer } from '@herald/contracts';
import { InjectNotifier } from '@herald/contracts';
import type { NotifierService } from '@herald/notification';
import { CurrentUser } from '../auth/current-user.decorator.js';
import { CurrentUserGuard } from '../auth/current-user.guard.js';
import { LoginRequiredFilter } from '../auth/login-required.filter.js';
import { DemoWelcome } from './demo-welcome.notification.js';
import { notificationLog } from './notification-log.js';
import { NotificationLogQueryDto, NotifyDemoUserDto } from './notify-demo.dto.js';

/**
 * "Notify a person, not a channel" in the demo: `POST /admin/deliveries/notify`
 * sends `DemoWelcome` to a demo user through the notifier (inbox, SMS, mail,
 * push by what the user has), and `GET /admin/deliveries/notifications.json`
 * lists the newest notifications with their channel deliveries. Signed-in users only.
 */
@Controller('admin/deliveries')
@UseGuards(CurrentUserGuard)
@UseFilters(LoginRequiredFilter)
@UsePipes(new ValidationPipe({ transform: true, whitelist: true, forbidNonWhitelisted: true }))
export class NotifyDemoController {
  constructor(@InjectNotifier() private readonly notifier: NotifierService) {}

  /** 202 with `{ notificationId, status, deliveries }` (JSON), or back to the log (form). */
  @Post('notify')
  @HttpCode(202)
  async notify(
    @Body() body: NotifyDemoUserDto,
    @CurrentUser() viewer: AdminViewer,
    @Res() res: Response,
  ): Promise<void> {
    const result = await this.notifier.notify(
      body.user ?? viewer.id,
      new DemoWelcome(viewer.name ?? viewer.id),
    );
    if (res.req.accepts(['json', 'html']) === 'html') {
      res.redirect(303, '/admin/deliveries');
      return;
    }
    res.status(202).json({
      notificationId: result.notificationId,
      status: result.status,
      deliveries: result.deliveries,
    });
  }

  @Get('notifications.json')
  async notifications(@Query() query: NotificationLogQueryDto) {
    return { notifications: await notificationLog(this.notifier, query.limit ?? 20) };
  }
}
