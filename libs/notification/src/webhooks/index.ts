/**
 * Signed provider webhooks: delivery status feedback and SMS opt-out.
 */
export { NotificationWebhooksModule } from './webhooks.module';
export type {
  NotificationWebhooksOptions,
  NotificationWebhooksRoutes,
  NotificationWebhooksExtras,
  TwilioWebhookOptions,
  SendgridWebhookOptions,
} from './webhooks-options.interface';
export { DEFAULT_WEBHOOK_ROUTES } from './webhooks.constants';
export { DEFAULT_SENDGRID_TOLERANCE_SECONDS } from './webhook-context';
/** Twilio's `X-Twilio-Signature` for a URL and form parameters. */
export { twilioSignature, verifyTwilioSignature } from './twilio/twilio-signature.util';
/** SendGrid's Signed Event Webhook signature. */
export {
  sendgridPublicKey,
  sendgridSignature,
  verifySendgridSignature,
  SENDGRID_SIGNATURE_HEADER,
  SENDGRID_TIMESTAMP_HEADER,
} from './sendgrid/sendgrid-signature.util';
export type { SendgridWebhookResult } from './sendgrid/sendgrid-webhook.handler';
