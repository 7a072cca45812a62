import {
  BadRequestException,
  Body,
  Controller,
  Get,
  Header,
  HttpCode,
  Post,
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
  NotificationPreferenceError,
  NotificationPreferencesService,
  type EffectivePreference,
} from '@herald/notification';
import { AdminShellService } from '../admin/admin-shell.service.js';
import { CurrentUser } from '../auth/current-user.decorator.js';
import { CurrentUserGuard } from '../auth/current-user.guard.js';
import { DemoCsrfService } from '../auth/demo-csrf.service.js';
import { LoginRequiredFilter } from '../auth/login-required.filter.js';
import { DEMO_PREFERENCE_TOPICS } from './demo-preference-topics.js';
import { SetPreferenceDto } from './preferences.dto.js';
import { renderPreferencesPage } from './preferences.page.js';

/**
 * The signed-in user's notification preferences: `GET /admin/preferences`
 * (page), `GET /admin/preferences.json`, `POST /admin/preferences` (one
 * category × channel: `on`, `off` or `default`; `CurrentUserGuard` holds a
 * cookie-signed post to its CSRF token or a matching `Origin`).
 * Bad input (unknown channel or category, empty or too long values) is 400.
 */
@Controller('admin')
@UseGuards(CurrentUserGuard)
@UseFilters(LoginRequiredFilter)
@UsePipes(new ValidationPipe({ transform: true, whitelist: true, forbidNonWhitelisted: true }))
export class PreferencesController {
  constructor(
    private readonly preferences: NotificationPreferencesService,
    private readonly shell: AdminShellService,
    private readonly csrf: DemoCsrfService,
  ) {}

  @Get('preferences')
  @Header('Content-Type', 'text/html; charset=utf-8')
  async page(@CurrentUser() viewer: AdminViewer): Promise<string> {
    const effective = await this.effective(viewer.id);
    const body = renderPreferencesPage(
      DEMO_PREFERENCE_TOPICS,
      effective,
      this.csrf.tokenFor(viewer.id),
    );
    return this.shell.render('Preferences', body, {
      viewer,
      bells: await this.shell.bellsFor(viewer),
    });
  }

  /** `{ userId, preferences, csrfToken }`: every demo category × channel, effective. */
  @Get('preferences.json')
  async json(@CurrentUser() viewer: AdminViewer) {
    return {
      userId: viewer.id,
      preferences: await this.effective(viewer.id),
      csrfToken: this.csrf.tokenFor(viewer.id),
    };
  }

  /** 200 with the effective preferences (JSON), or back to the page (form). */
  @Post('preferences')
  @HttpCode(200)
  async set(
    @CurrentUser() viewer: AdminViewer,
    @Body() body: SetPreferenceDto,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ) {
    try {
      this.preferences.validate(viewer.id, body.category, body.channel);
    } catch (error) {
      if (error instanceof NotificationPreferenceError)
        throw new BadRequestException(error.message);
      throw error;
    }
    const known = DEMO_PREFERENCE_TOPICS.map((t) => t.category);
    if (!known.includes(body.category))
      throw new BadRequestException(
        `category must be one of ${known.join(', ')} (got ${JSON.stringify(body.category)})`,
      );
    if (body.enabled === 'default')
      await this.preferences.unset(viewer.id, body.category, body.channel);
    else
      await this.preferences.set({
        userId: viewer.id,
        category: body.category,
        channel: body.channel,
        enabled: body.enabled === 'on',
      });
    if (req.accepts(['json', 'html']) === 'html') return res.redirect(303, '/admin/preferences');
    return { userId: viewer.id, preferences: await this.effective(viewer.id) };
  }

  private effective(userId: string): Promise<EffectivePreference[]> {
    return this.preferences.effective(userId, DEMO_PREFERENCE_TOPICS);
  }
}
