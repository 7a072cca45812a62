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
  /** @default 'webhooks/vonage/dlr' */
  vonageDlr?: string | false;
}

/** Choices beside the options of `forRoot` / `forRootAsync`. */
export interface NotificationWebhooksExtras {
  routes?: NotificationWebhooksRoutes;
}
