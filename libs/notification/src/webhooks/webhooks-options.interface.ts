import type { VonageSignatureMethod } from '@herald/contracts';
import type { DeliveryStore } from '../delivery/stores/delivery-store.protocol.js';

/** Twilio status callbacks and inbound SMS. */
export interface TwilioWebhookOptions {
  /**
   * The auth token Twilio signs requests with (the account's). While rotating
   * tokens, give both: a request signed with either is accepted.
   */
  authToken: string | readonly string[];
  /**
   * The public base URL Twilio calls, e.g. `https://api.example.com` (or
   * `https://example.com/api` when a proxy strips `/api`); the request's
   * path and query string are appended to it. Twilio signs the URL it
   * called, so set this whenever a proxy or load balancer changes the scheme,
   * host, port or path prefix (recommended whenever the app is behind one).
   * @default rebuilt from the request: its own `Host` and scheme, or
   * `X-Forwarded-Host` / `X-Forwarded-Proto` when `trustProxy` (or Express's
   * `trust proxy` setting) says the proxy in front is trusted
   */
  publicUrl?: string;
  /**
   * Whether to rebuild the signed URL from `X-Forwarded-Host` /
   * `X-Forwarded-Proto` when `publicUrl` is not set. Anyone can send those
   * headers, so they count only behind a proxy that sets them.
   * @default the application's Express `trust proxy` setting (off unless set)
   */
  trustProxy?: boolean;
}

/** SendGrid's Signed Event Webhook. */
export interface SendgridWebhookOptions {
  /**
   * The verification key from Mail Settings → Signed Event Webhook: base64
   * DER, as SendGrid shows it, or PEM.
   */
  publicKey: string;
  /**
   * Events whose signed timestamp is further than this from now are refused (replay protection).
   * @default 300
   */
  toleranceSeconds?: number;
}

/** Amazon SES events delivered by an SNS topic's HTTPS subscription. */
export interface SesWebhookOptions {
  /**
   * ARN of the SNS topic the configuration set's event destination publishes
   * to (or a list of them); messages from any other topic are refused (403).
   */
  topicArns: string | readonly string[];
  /**
   * Host names `SigningCertURL` and `SubscribeURL` may point at (https only);
   * nothing is fetched from any other host. Widen it only for a test fake.
   * @default /^sns\.[a-z0-9-]+\.amazonaws\.com(\.cn)?$/
   */
  certificateHostPattern?: RegExp | string;
  /**
   * Messages whose `Timestamp` is further than this from now are refused (replay protection).
   * @default 900
   */
  toleranceSeconds?: number;
  /**
   * Confirm a `SubscriptionConfirmation` from an allowed topic by GETting its `SubscribeURL`.
   * @default true
   */
  confirmSubscriptions?: boolean;
  /**
   * Extra CA certificates (PEM) trusted when fetching from SNS, beside
   * Node's roots: only for a fake SNS on loopback with a self-signed certificate.
   */
  trustedCa?: string;
}

/**
 * Postmark's webhooks (Delivery, Bounce, SpamComplaint, SubscriptionChange).
 * Postmark does not sign them: put these credentials in the webhook URL
 * (`https://user:password@api.example.com/webhooks/postmark/events`) and
 * Herald checks the `Authorization: Basic` header it sends.
 */
export interface PostmarkWebhookOptions {
  username: string;
  password: string;
}

/** Mailgun's webhooks, signed with the domain's HTTP webhook signing key. */
export interface MailgunWebhookOptions {
  /** The HTTP webhook signing key (Sending → Webhooks in Mailgun's control panel). */
  signingKey: string;
  /**
   * Events whose signed timestamp is further than this from now are refused (replay protection).
   * @default 300
   */
  toleranceSeconds?: number;
}

/** Resend's webhooks, signed the Standard Webhooks (Svix) way. */
export interface ResendWebhookOptions {
  /** The webhook's signing secret (`whsec_...`). While rotating, give both. */
  secret: string | readonly string[];
  /**
   * Events whose signed timestamp is further than this from now are refused (replay protection).
   * @default 300
   */
  toleranceSeconds?: number;
}

/** Vonage SMS delivery receipts (DLRs), signed with the account's signature secret. */
export interface VonageWebhookOptions {
  /**
   * The signature secret from the Vonage dashboard (API settings). While
   * rotating, give both: a receipt signed with either is accepted.
   */
  signatureSecret: string | readonly string[];
  /**
   * The signature method set for the account in the dashboard.
   * @default 'sha256' (HMAC-SHA256)
   */
  signatureMethod?: VonageSignatureMethod;
  /**
   * Receipts whose signed `timestamp` is further than this from now are refused (replay protection).
   * @default 300
   */
  toleranceSeconds?: number;
}

/**
 * Options of `NotificationWebhooksModule.forRoot()` / `forRootAsync()`. A
 * provider left out answers 404 on its routes.
 */
export interface NotificationWebhooksOptions {
  twilio?: TwilioWebhookOptions;
  sendgrid?: SendgridWebhookOptions;
  ses?: SesWebhookOptions;
  postmark?: PostmarkWebhookOptions;
  mailgun?: MailgunWebhookOptions;
  resend?: ResendWebhookOptions;
  vonage?: VonageWebhookOptions;
  /**
   * Largest body the webhook routes accept, in bytes; a larger one answers
   * 413 (and is read to its end, so the connection stays usable). The routes
   * read their bodies before the application's body parsers, so this is
   * independent of the app's JSON limit (Nest's default is 100 kB).
   * @default 5242880 (5 MiB)
   */
  bodyLimit?: number;
  /**
   * The delivery records the feedback updates.
   * @default the application's `DELIVERY_STORE` (enable `notification.delivery`)
   */
  store?: DeliveryStore;
}

/**
 * Paths of the webhook routes (under the app's global prefix), or `false` to
 * leave a route out. Fixed where the module is imported, because Nest maps
 * routes before any async options resolve.
 */
export interface NotificationWebhooksRoutes {
  /** @default 'webhooks/twilio/status' */
  twilioStatus?: string | false;
  /** @default 'webhooks/twilio/inbound' */
  twilioInbound?: string | false;
  /** @default 'webhooks/sendgrid/events' */
  sendgridEvents?: string | false;
  /** @default 'webhooks/ses/events' */
  sesEvents?: string | false;
  /** @default 'webhooks/postmark/events' */
  postmarkEvents?: string | false;
  /** @default 'webhooks/mailgun/events' */
  mailgunEvents?: string | false;
  /** @default 'webhooks/resend/events' */
  resendEvents?: string | false;
  /** @default 'webhooks/vonage/dlr' */
  vonageDlr?: string | false;
}

/** Choices beside the options of `forRoot` / `forRootAsync`. */
export interface NotificationWebhooksExtras {
  routes?: NotificationWebhooksRoutes;
}
