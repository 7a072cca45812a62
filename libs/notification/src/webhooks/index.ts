/**
 * Signed provider webhooks: delivery status feedback and SMS opt-out.
 */
export { NotificationWebhooksModule } from './webhooks.module.js';
export type {
  NotificationWebhooksOptions,
  NotificationWebhooksRoutes,
  NotificationWebhooksExtras,
  TwilioWebhookOptions,
  SendgridWebhookOptions,
  VonageWebhookOptions,
} from './webhooks-options.interface.js';
export { DEFAULT_WEBHOOK_ROUTES } from './webhooks.constants.js';
export {
  DEFAULT_SENDGRID_TOLERANCE_SECONDS,
  DEFAULT_VONAGE_TOLERANCE_SECONDS,
} from './webhook-context.js';
/** Twilio's `X-Twilio-Signature` for a URL and form parameters. */
export { twilioSignature, verifyTwilioSignature } from './twilio/twilio-signature.util.js';
/** Vonage's `sig` over request or delivery-receipt parameters. */
export {
  vonageSignature,
  verifyVonageSignature,
} from '../sms/drivers/vonage/vonage-signature.util.js';
/** SendGrid's Signed Event Webhook signature. */
export {
  sendgridPublicKey,
  sendgridSignature,
  verifySendgridSignature,
  SENDGRID_SIGNATURE_HEADER,
  SENDGRID_TIMESTAMP_HEADER,
} from './sendgrid/sendgrid-signature.util.js';
export type { SendgridWebhookResult } from './sendgrid/sendgrid-webhook.handler.js';
