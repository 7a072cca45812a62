/**
 * What one provider driver can do, declared beside the driver itself. The
 * table in docs/channels.md is generated from these declarations
 * (`PROVIDER_CATALOG`), and a test fails when the two differ, so the
 * documentation cannot drift from the code.
 */
export interface ProviderCapabilities {
  /** Driver name as written in config (`twilio`, `sendgrid`, `ses`). */
  readonly driver: string;
  /** The channel the driver sends on. */
  readonly channel: 'sms' | 'mail' | 'push' | 'chat' | 'whatsapp' | 'webhook';
  /** The provider's product name (`Twilio Programmable Messaging`). */
  readonly provider: string;
  /** How one message is sent: API and call (`REST POST /Messages.json`). */
  readonly send: string;
  /** Several messages in one request (a batch API the driver uses), or `null` when every message is its own request. */
  readonly batch: string | null;
  /** The route Herald serves for the provider's delivery feedback, or `null` when it has none. */
  readonly feedbackWebhook: string | null;
  /** How that feedback is authenticated (`HMAC-SHA1 X-Twilio-Signature`), or `null`. */
  readonly signature: string | null;
  /** What adds an address to the suppression list (`hard bounce`, `STOP reply`). Empty when nothing does. */
  readonly suppressionSources: readonly string[];
  /** The provider's rate limit and how Herald honours it (`429 with Retry-After`). */
  readonly rateLimit: string;
}
