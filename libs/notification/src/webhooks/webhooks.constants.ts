import type { NotificationWebhooksRoutes } from './webhooks-options.interface.js';

/** Where the webhook routes are mounted unless `routes` says otherwise. */
export const DEFAULT_WEBHOOK_ROUTES: Readonly<Required<NotificationWebhooksRoutes>> = {
  twilioStatus: 'webhooks/twilio/status',
  twilioInbound: 'webhooks/twilio/inbound',
  sendgridEvents: 'webhooks/sendgrid/events',
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
