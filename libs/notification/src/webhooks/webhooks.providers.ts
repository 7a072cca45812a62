import type { Provider, Type } from '@nestjs/common';
import { SendgridWebhookHandler } from './sendgrid/sendgrid-webhook.handler.js';
import { SesWebhookHandler } from './ses/ses-webhook.handler.js';
import { TwilioWebhookHandler } from './twilio/twilio-webhook.handler.js';
import { MailgunWebhookHandler } from './mailgun/mailgun-webhook.handler.js';
import { PostmarkWebhookHandler } from './postmark/postmark-webhook.handler.js';
import { ResendWebhookHandler } from './resend/resend-webhook.handler.js';
import { VonageWebhookHandler } from './vonage/vonage-webhook.handler.js';
import {
  MailgunEventsController,
  PostmarkEventsController,
  ResendEventsController,
  routedController,
  SendgridEventsController,
  SesEventsController,
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
  SesWebhookHandler,
  PostmarkWebhookHandler,
  MailgunWebhookHandler,
  ResendWebhookHandler,
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
  if (paths.sesEvents !== false) out.push(routedController(SesEventsController, paths.sesEvents));
  if (paths.postmarkEvents !== false)
    out.push(routedController(PostmarkEventsController, paths.postmarkEvents));
  if (paths.mailgunEvents !== false)
    out.push(routedController(MailgunEventsController, paths.mailgunEvents));
  if (paths.resendEvents !== false)
    out.push(routedController(ResendEventsController, paths.resendEvents));
  if (paths.vonageDlr !== false) out.push(routedController(VonageDlrController, paths.vonageDlr));
  return out;
}
