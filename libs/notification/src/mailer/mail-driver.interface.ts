import type { MailMessage } from '@herald/contracts';

/** What a provider answered for one accepted email. */
export interface MailDriverResult {
  messageId: string;
  accepted: string[];
  rejected: string[];
}

/**
 * One email provider. `MailerChannel` builds, validates, traces and counts
 * around it; a driver only speaks the provider's protocol and maps failures to
 * `DeliveryError`.
 */
export interface MailProviderDriver {
  /** Driver name as in config (`smtp`, `sendgrid`, `log`). */
  readonly driver: string;
  send(message: MailMessage, traceHeaders: Record<string, string>): Promise<MailDriverResult>;
  close?(): void | Promise<void>;
}
