import type { NotificationWebhooksRoutes } from './webhooks-options.interface.js';

/** Where the webhook routes are mounted unless `routes` says otherwise. */
export const DEFAULT_WEBHOOK_ROUTES: Readonly<Required<NotificationWebhooksRoutes>> = {
  twilioStatus: 'webhooks/twilio/status',
  twilioInbound: 'webhooks/twilio/inbound',
  sendgridEvents: 'webhooks/sendgrid/events',
  sesEvents: 'webhooks/ses/events',
  postmarkEvents: 'webhooks/postmark/events',
  mailgunEvents: 'webhooks/mailgun/events',
  resendEvents: 'webhooks/resend/events',
  vonageDlr: 'webhooks/vonage/dlr',
};

/** Twilio's request signature header. */
export const TWILIO_SIGNATURE_HEADER = 'x-twilio-signature';

/** Keywords Twilio treats as an opt-out (and answers itself). */
export const OPT_OUT_KEYWORDS: ReadonlySet<string> = new Set([
  'STOP',
  'STOPALL',
  'UNSUBSCRIBE',
  'CANCEL',
  'END',
  'QUIT',
  'REVOKE',
  'OPTOUT',
]);
/** Keywords Twilio treats as an opt-in. */
export const OPT_IN_KEYWORDS: ReadonlySet<string> = new Set(['START', 'YES', 'UNSTOP']);

/** How many provider event ids a module remembers to drop exact repeats early. */
export const SEEN_EVENTS_LIMIT = 10_000;

/** Internal: the paths of the routes a module instance serves. */
export const WEBHOOK_ROUTE_PATHS = 'HERALD:WEBHOOK_ROUTE_PATHS';

/** Default body limit of the webhook routes, in bytes (5 MiB; SendGrid batches run to megabytes). */
export const DEFAULT_WEBHOOK_BODY_LIMIT = 5 * 1024 * 1024;

/** Longest provider text (Twilio `ErrorCode`, SendGrid `reason`) kept; longer ones are cut. */
export const MAX_PROVIDER_TEXT_LENGTH = 1000;

/** Longest provider id (`MessageSid`, `sg_message_id`, `sg_event_id`, phone numbers) accepted. */
export const MAX_PROVIDER_ID_LENGTH = 256;
