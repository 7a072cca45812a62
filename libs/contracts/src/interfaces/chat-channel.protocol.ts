/** One labelled value shown under a chat message (a Slack field, a Teams fact, a Discord embed field). */
export interface ChatField {
  label: string;
  value: string;
}

/** How a chat message is coloured where the provider supports it (Discord embed, Teams title). */
export type ChatSeverity = 'info' | 'success' | 'warning' | 'critical';

/**
 * One chat message. `text`, `title` and `fields` are plain text: Herald
 * escapes them for each provider (Slack mrkdwn, Telegram MarkdownV2 or HTML,
 * Discord markdown), so user input can never inject markup or mentions.
 */
export interface ChatMessage {
  /**
   * Where it goes: a Slack channel or user id (`C0123ABC`, `U0123ABC`, `#ops`) for
   * the Slack Web API, a Telegram chat id (`-1001234567890`, `@channel`). An
   * incoming webhook (Slack, Teams, Discord) posts where it was created, and
   * ignores `to`.
   */
  to?: string;
  /** The message text (plain text, also the notification preview). */
  text: string;
  /** A bold heading above the text. */
  title?: string;
  /** A link shown as an "Open" button or link. */
  url?: string;
  fields?: ChatField[];
  severity?: ChatSeverity;
  /**
   * Reply in a thread: the `threadId` of an earlier `ChatSendResult` (Slack
   * `thread_ts`, Telegram message id, Discord thread id).
   */
  threadId?: string;
  /** Slack only: Block Kit blocks sent instead of those Herald builds from the fields above. */
  blocks?: unknown[];
  /** Caller-chosen key that makes a repeated send a no-op where the delivery layer supports it. */
  idempotencyKey?: string;
  /** Free-form metadata kept with the delivery record (never sent to the provider). */
  metadata?: Record<string, string>;
}

/** What a chat provider answered for an accepted message. */
export interface ChatSendResult {
  /** The provider's message id (Slack `ts`, Discord and Telegram message id), or one Herald made up for webhooks that return none. */
  messageId: string;
  /** Name of the backend that delivered it. */
  backend: string;
  /** What to pass as `threadId` to reply to this message, where the provider has threads. */
  threadId?: string;
  /** The channel or chat the provider posted to, when it says. */
  channel?: string;
}

/** A chat backend (bound under `CHAT_CHANNEL` or `getChatChannelToken(name)`). Failures reject with a `DeliveryError`. */
export interface ChatChannelProtocol {
  readonly name: string;
  send(message: ChatMessage): Promise<ChatSendResult>;
}
