import type { ChatMessage } from '@herald/contracts';

/** What a provider answered for one accepted chat message. */
export interface ChatDriverResult {
  messageId: string;
  /** What a reply passes as `threadId`. */
  threadId?: string;
  channel?: string;
}

/**
 * One chat provider. `ChatChannel` validates, traces and counts around it; a
 * driver only speaks the provider's protocol and maps its failures to
 * `DeliveryError` (with `retryAfterMs` from `Retry-After` on a 429).
 */
export interface ChatProviderDriver {
  /** Driver name as in config (`slack`, `teams`, `discord`, `telegram`, `log`). */
  readonly driver: string;
  /** True when a message needs `to` (Slack Web API, Telegram without a default chat). */
  readonly needsRecipient: boolean;
  send(message: ChatMessage, traceHeaders: Record<string, string>): Promise<ChatDriverResult>;
  close?(): void | Promise<void>;
}
