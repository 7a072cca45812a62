import { Inject, Injectable, Optional } from '@nestjs/common';
import { ApplicationConfig, HttpAdapterHost } from '@nestjs/core';
import { installEarlyBodyReader } from '../utils/early-body-reader.util.js';
import { WebhookContext } from './webhook-context.js';
import { WEBHOOK_ROUTE_PATHS } from './webhooks.constants.js';

/**
 * Reads the webhook routes' bodies before the application's body parsers,
 * with the module's `bodyLimit` (413 above it, on a connection that stays
 * usable), and keeps them as `rawBody` for the signature checks.
 */
@Injectable()
export class WebhookBodyReader {
  constructor(
    context: WebhookContext,
    @Inject(WEBHOOK_ROUTE_PATHS) routes: readonly string[],
    @Optional() adapterHost?: HttpAdapterHost,
    @Optional() config?: ApplicationConfig,
  ) {
    installEarlyBodyReader(adapterHost, config, {
      routes,
      limit: () => context.bodyLimit,
      tooLarge: (path, size, limit) =>
        `webhook body of ${size} bytes on ${path} is over the limit of ${limit} bytes (NotificationWebhooksModule option bodyLimit)`,
      log: (message) => context.logger.warn(`refused (413): ${message}`),
    });
  }
}
