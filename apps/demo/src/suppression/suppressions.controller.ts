import {
  BadRequestException,
  Body,
  Controller,
  Get,
  Header,
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
import {
  SuppressionInputError,
  SuppressionService,
  type SuppressionEntry,
} from '@herald/notification';
import { AdminShellService } from '../admin/admin-shell.service.js';
import { CurrentUser } from '../auth/current-user.decorator.js';
import { CurrentUserGuard } from '../auth/current-user.guard.js';
import { LoginRequiredFilter } from '../auth/login-required.filter.js';
import {
  AddSuppressionDto,
  SuppressionIdParamDto,
  SuppressionListQueryDto,
} from './suppressions.dto.js';
import { renderSuppressions } from './suppressions.page.js';

const wantsHtml = (req: Request) => req.accepts(['json', 'html']) === 'html';

const toJson = (e: SuppressionEntry) => ({ ...e, createdAt: e.createdAt.toISOString() });

/** Runs `work`, answering a `SuppressionInputError` (bad address, channel...) with 400. */
async function validInput<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof SuppressionInputError) throw new BadRequestException(error.message);
    throw error;
  }
}

/**
 * The suppression list in the admin: `GET /admin/suppressions` (page),
 * `.json` (paged, `?channel=&address=`), `POST /admin/suppressions` (a
 * manual entry) and `POST /admin/suppressions/:id/lift`. Forms redirect back
 * to the page; JSON callers get JSON.
 */
@Controller('admin')
@UseGuards(CurrentUserGuard)
@UseFilters(LoginRequiredFilter)
@UsePipes(new ValidationPipe({ transform: true, whitelist: true, forbidNonWhitelisted: true }))
export class SuppressionsController {
  constructor(
    private readonly suppressions: SuppressionService,
    private readonly shell: AdminShellService,
  ) {}

  @Get('suppressions')
  @Header('Content-Type', 'text/html; charset=utf-8')
  async page(
    @Query() query: SuppressionListQueryDto,
    @CurrentUser() viewer: AdminViewer,
  ): Promise<string> {
    const channel = query.channel || undefined;
    const address = query.address?.trim() || undefined;
    const page = await validInput(() =>
      this.suppressions.list({
        channel,
        address,
        limit: query.limit ?? 50,
        offset: query.offset ?? 0,
      }),
    );
    return this.shell.render('Suppressions', renderSuppressions(page, { channel, address }), {
      viewer,
    });
  }

  @Get('suppressions.json')
  async json(@Query() query: SuppressionListQueryDto) {
    const page = await validInput(() =>
      this.suppressions.list({
        channel: query.channel || undefined,
        address: query.address?.trim() || undefined,
        limit: query.limit ?? 50,
        offset: query.offset ?? 0,
      }),
    );
    return { ...page, entries: page.entries.map(toJson) };
  }

  @Post('suppressions')
  @HttpCode(201)
  async add(
    @Body() body: AddSuppressionDto,
    @CurrentUser() viewer: AdminViewer,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ) {
    const entry = await validInput(() =>
      this.suppressions.add({
        channel: body.channel,
        address: body.address,
        category: body.category?.trim() || null,
        reason: 'manual',
        source: `admin:${viewer.id}`,
      }),
    );
    if (wantsHtml(req)) return res.redirect(303, '/admin/suppressions');
    return toJson(entry);
  }

  @Post('suppressions/:id/lift')
  @HttpCode(200)
  async lift(
    @Param() params: SuppressionIdParamDto,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ) {
    const [lifted] = await this.suppressions.lift(params.id);
    if (!lifted) throw new NotFoundException(`suppression entry '${params.id}' not found`);
    if (wantsHtml(req)) return res.redirect(303, '/admin/suppressions');
    return { lifted: toJson(lifted) };
  }
}
