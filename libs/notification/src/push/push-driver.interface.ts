import type { PushMessage } from '@herald/contracts';

/** What a provider answered for one accepted push. */
export interface PushDriverResult {
  messageId?: string;
}

/**
 * One push provider. `PushChannel` validates, traces, counts and runs batches
 * around it; a driver only speaks the provider's protocol and maps failures to
 * `DeliveryError` (reason `dead_token` when the provider says the token is gone).
 */
export interface PushProviderDriver {
  /** Driver name as in config (`fcm`, `apns`, `webpush`, `log`). */
  readonly driver: string;
  /** How many sends of a batch may be in flight at once. @default 50 */
  readonly batchConcurrency?: number;
  send(message: PushMessage, traceHeaders: Record<string, string>): Promise<PushDriverResult>;
  close?(): void | Promise<void>;
}
