import { Module, type DynamicModule } from '@nestjs/common';
import {
  NOTIFICATION_WEBHOOKS_ASYNC_OPTIONS_TYPE,
  NOTIFICATION_WEBHOOKS_OPTIONS_TYPE,
  NotificationWebhooksConfigurableModule,
} from './webhooks.module-definition.js';
import { WEBHOOK_PROVIDERS, webhookControllers, webhookRoutePaths } from './webhooks.providers.js';
import type { NotificationWebhooksRoutes } from './webhooks-options.interface.js';

function complete(base: DynamicModule, routes?: NotificationWebhooksRoutes): DynamicModule {
  return {
    ...base,
    controllers: [...(base.controllers ?? []), ...webhookControllers(routes)],
    providers: [...(base.providers ?? []), ...WEBHOOK_PROVIDERS, webhookRoutePaths(routes)],
  };
}

/**
 * Signed provider webhooks that close the delivery loop: Twilio status
 * callbacks and inbound STOP / START, SendGrid's Signed Event Webhook, and
 * Vonage's signed SMS delivery receipts.
 * Each request's signature is checked first (bad or missing: 403, logged
 * without the body); a malformed payload is 400; an unknown message id is
 * 200 and ignored; feedback moves the delivery record (`sent` → `delivered`,
 * `bounced`, `failed`, `complained`) and emits `notification.delivery.updated`.
 *
 * The routes read their bodies themselves (up to `bodyLimit`, default 5 MiB,
 * before the app's body parsers and independent of their limits), so the
 * signatures are checked over the exact bytes sent. Point Twilio at the status route with
 * the SMS backend's `twilio.status_callback_url`, and its phone number's
 * "A message comes in" webhook at the inbound route; Vonage at the DLR route
 * with `vonage.status_callback_url`.
 *
 * @example
 * NotificationWebhooksModule.forRoot({
 *   twilio: { authToken: process.env.TWILIO_AUTH_TOKEN!, publicUrl: 'https://api.example.com' },
 *   sendgrid: { publicKey: process.env.SENDGRID_WEBHOOK_KEY! },
 *   routes: { sendgridEvents: 'hooks/sendgrid' },
 * })
 */
@Module({})
export class NotificationWebhooksModule extends NotificationWebhooksConfigurableModule {
  static forRoot(options: typeof NOTIFICATION_WEBHOOKS_OPTIONS_TYPE): DynamicModule {
    return complete(super.forRoot(options), options.routes);
  }

  /** Options from a factory (`imports`, `inject`, `useFactory`); `routes` beside them. */
  static forRootAsync(options: typeof NOTIFICATION_WEBHOOKS_ASYNC_OPTIONS_TYPE): DynamicModule {
    return complete(super.forRootAsync(options), options.routes);
  }
}
