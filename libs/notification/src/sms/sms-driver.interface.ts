import type { SmsMessage } from '@herald/contracts';

/** What a provider answered for one accepted SMS. */
export interface SmsDriverResult {
  messageId: string;
  status?: string;
}

/**
 * One SMS provider. `SmsChannel` validates, traces and counts around it; a
 * driver only speaks the provider's protocol and maps its failures to
 * `DeliveryError`.
 */
export interface SmsProviderDriver {
  /** Driver name as in config (`twilio`, `log`). */
  readonly driver: string;
  send(message: SmsMessage, traceHeaders: Record<string, string>): Promise<SmsDriverResult>;
  close?(): void | Promise<void>;
}
