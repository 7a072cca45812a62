import {
  BadRequestException,
  Controller,
  ForbiddenException,
  Get,
  Header,
  HttpCode,
  Inject,
  Logger,
  NotFoundException,
  Optional,
  Post,
  Query,
  Req,
  type Type,
} from '@nestjs/common';
import { SuppressionInputError } from '../errors/suppression-input.error.js';
import { RateLimitedLogger } from '@herald/contracts';
import { UnsubscribeTokenError } from '../errors/unsubscribe-token.error.js';
import { NOTIFICATION_PREFERENCES } from '../suppression.constants.js';
import { SuppressionService } from '../suppression.service.js';
import type { ResolvedUnsubscribeOptions } from './unsubscribe-options.interface.js';
import { verifyUnsubscribeToken, type UnsubscribeClaim } from './unsubscribe-token.util.js';
import { checkUnsubscribeClaim } from './check-unsubscribe-claim.util.js';
import { hasOneClickField, type OneClickRequest } from './one-click-body.util.js';

/** Internal: the resolved unsubscribe options. */
export const UNSUBSCRIBE_OPTIONS = 'HERALD:UNSUBSCRIBE_OPTIONS';

/**
 * A preferences service that also hears of one-click unsubscribes, bound
 * under `NOTIFICATION_PREFERENCES` by the application (optional).
 */
export interface UnsubscribePreferencesHook {
  applyUnsubscribe?(change: {
    channel: 'mail';
    address: string;
    category: string | null;
    source: 'one-click';
  }): Promise<unknown> | unknown;
}

const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * The one-click unsubscribe controller at `route`, built when the module is
 * declared (the route is an option). `POST ?token=` with the form body
 * `List-Unsubscribe=One-Click` (RFC 8058) suppresses the address for the
 * token's category; `GET ?token=` shows a confirmation form and changes
 * nothing (link scanners follow GETs). A malformed, forged, expired or
 * too long-lived token answers 403; a signed token naming an unusable address
 * or category 400; a POST without the one-click body 400, in another content
 * type (JSON included) 415, over 16 KB 413.
 */
export function createUnsubscribeController(route: string): Type<unknown> {
  @Controller(route)
  class UnsubscribeController {
    private readonly logger = new Logger('UnsubscribeController');
    /** One line a minute for a flood of bad tokens, then how many were dropped. */
    private readonly refusals = new RateLimitedLogger(this.logger);

    constructor(
      private readonly suppressions: SuppressionService,
      @Inject(UNSUBSCRIBE_OPTIONS) private readonly options: ResolvedUnsubscribeOptions | undefined,
      @Optional()
      @Inject(NOTIFICATION_PREFERENCES)
      private readonly preferences?: UnsubscribePreferencesHook,
    ) {}

    @Post()
    @HttpCode(200)
    @Header('Cache-Control', 'no-store')
    async unsubscribe(
      @Query('token') token: unknown,
      @Req() request: OneClickRequest,
    ): Promise<{ unsubscribed: true; category: string | null }> {
      const claim = this.verify(token);
      if (!(await hasOneClickField(request)))
        throw new BadRequestException(
          'the body must be the form field List-Unsubscribe=One-Click (application/x-www-form-urlencoded or multipart/form-data)',
        );
      try {
        await this.suppressions.add({
          channel: 'mail',
          address: claim.address,
          category: claim.category,
          reason: 'unsubscribe',
          source: 'one-click',
        });
      } catch (error) {
        if (error instanceof SuppressionInputError) throw new BadRequestException(error.message);
        throw error;
      }
      await this.preferences?.applyUnsubscribe?.({
        channel: 'mail',
        address: claim.address,
        category: claim.category,
        source: 'one-click',
      });
      return { unsubscribed: true, category: claim.category };
    }

    @Get()
    @Header('Content-Type', 'text/html; charset=utf-8')
    @Header('Cache-Control', 'no-store')
    confirm(@Query('token') token: unknown): string {
      const claim = this.verify(token);
      const what = claim.category ? `"${escapeHtml(claim.category)}" mail` : 'these mails';
      return `<!doctype html><html><head><meta charset="utf-8"><title>Unsubscribe</title></head><body>
<form method="post" action="?token=${encodeURIComponent(String(token))}">
<input type="hidden" name="List-Unsubscribe" value="One-Click">
<p>Stop receiving ${what}?</p><button type="submit">Unsubscribe</button></form></body></html>`;
    }

    private verify(token: unknown): UnsubscribeClaim {
      if (!this.options) throw new NotFoundException('one-click unsubscribe is not configured');
      let claim: UnsubscribeClaim;
      try {
        claim = verifyUnsubscribeToken(
          this.options.secret,
          token,
          Date.now(),
          this.options.ttlSeconds,
        );
      } catch (error) {
        if (!(error instanceof UnsubscribeTokenError)) throw error;
        this.refusals.warn(
          'refused one-click unsubscribe',
          `refused a one-click unsubscribe: token ${error.description}`,
        );
        throw new ForbiddenException(`unsubscribe token refused: ${error.description}`);
      }
      try {
        return checkUnsubscribeClaim(claim);
      } catch (error) {
        if (!(error instanceof SuppressionInputError)) throw error;
        this.refusals.warn(
          'refused one-click unsubscribe claim',
          `refused a one-click unsubscribe: signed token with an unusable ${error.field}`,
        );
        throw new BadRequestException(
          `unsubscribe token refused: its ${error.message.replace(/^suppression: /, '')}`,
        );
      }
    }
  }
  return UnsubscribeController;
}
