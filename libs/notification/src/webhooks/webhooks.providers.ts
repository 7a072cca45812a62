import type { Provider, Type } from '@nestjs/common';
import { SendgridWebhookHandler } from './sendgrid/sendgrid-webhook.handler.js';
import { TwilioWebhookHandler } from './twilio/twilio-webhook.handler.js';
import { VonageWebhookHandler } from './vonage/vonage-webhook.handler.js';
import {
  routedController,
  SendgridEventsController,
  TwilioInboundController,
  TwilioStatusController,
  VonageDlrController,
} from './webhook.controllers.js';
import { WebhookBodyReader } from './webhook-body.reader.js';
import { WebhookContext } from './webhook-context.js';
import type { NotificationWebhooksRoutes } from './webhooks-options.interface.js';
import { DEFAULT_WEBHOOK_ROUTES, WEBHOOK_ROUTE_PATHS } from './webhooks.constants.js';

/** The handlers behind the webhook routes. */
export const WEBHOOK_PROVIDERS: Provider[] = [
  WebhookContext,
  TwilioWebhookHandler,
  SendgridWebhookHandler,
  VonageWebhookHandler,
  WebhookBodyReader,
];

/** The paths of the routes `routes` keeps (for the early body reader). */
export function webhookRoutePaths(routes: NotificationWebhooksRoutes = {}): Provider {
  const paths = { ...DEFAULT_WEBHOOK_ROUTES, ...routes };
  return {
    provide: WEBHOOK_ROUTE_PATHS,
    useValue: Object.values(paths).filter((path): path is string => typeof path === 'string'),
  };
}

/** One controller per route that `routes` keeps, mounted at its path. */
export function webhookControllers(routes: NotificationWebhooksRoutes = {}): Type[] {
  const paths = { ...DEFAULT_WEBHOOK_ROUTES, ...routes };
  const out: Type[] = [];
  if (paths.twilioStatus !== false)
    out.push(routedController(TwilioStatusController, paths.twilioStatus));
  if (paths.twilioInbound !== false)
    out.push(routedController(TwilioInboundController, paths.twilioInbound));
  if (paths.sendgridEvents !== false)
    out.push(routedController(SendgridEventsController, paths.sendgridEvents));
  if (paths.vonageDlr !== false) out.push(routedController(VonageDlrController, paths.vonageDlr));
  return out;
}
