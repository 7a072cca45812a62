/** Options of `InboxTokenGuard` (`{ secret }`); without it the guard reads `notification.inbox.token_secret`. */
export const INBOX_TOKEN_OPTIONS = 'HERALD:INBOX_TOKEN_OPTIONS';

/** Options of `InboxTokenGuard`, provided under `INBOX_TOKEN_OPTIONS`. */
export interface InboxTokenOptions {
  /** HMAC-SHA256 key of the subscriber tokens, at least 32 characters. */
  secret: string;
}
