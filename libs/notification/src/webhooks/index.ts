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
  SesWebhookOptions,
  PostmarkWebhookOptions,
  MailgunWebhookOptions,
  ResendWebhookOptions,
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
export type { SesWebhookResult } from './ses/ses-webhook.handler.js';
/** SNS message signatures (SignatureVersion 1 and 2) and the defaults of the `ses` options. */
export {
  snsStringToSign,
  snsSignature,
  verifySnsSignature,
  type SnsMessage,
  type SnsMessageType,
} from './ses/sns-signature.util.js';
export {
  DEFAULT_SNS_HOST_PATTERN,
  DEFAULT_SES_TOLERANCE_SECONDS,
} from './ses/ses-webhook-settings.js';
export type { MailWebhookResult } from './mail-webhook-result.js';
export { DEFAULT_MAIL_WEBHOOK_TOLERANCE_SECONDS } from './mail-webhook-settings.js';
/** Mailgun's webhook signature (HMAC-SHA256 of timestamp + token). */
export { mailgunSignature, verifyMailgunSignature } from './mailgun/mailgun-signature.util.js';
