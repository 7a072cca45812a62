import type { RecipientProfile } from '../recipients/recipient.interface.js';

/** What a custom channel's `send` is told about the delivery. */
export interface ChannelSendContext {
  notificationId: string;
  /** The delivery record's id. */
  deliveryId: string;
  /** The notification's `type` and `category`. */
  notificationType: string;
  category: string;
  /** The address `addressOf` gave (or the route / user id). */
  address: string;
  /** Stable per notification, recipient and channel: pass it to providers that deduplicate. */
  idempotencyKey: string;
}

/** What a custom channel's `send` may answer. */
export interface ChannelSendResult {
  /** The provider's id of the message, kept on the delivery record. */
  messageId?: string;
}

/**
 * A channel of your own (Slack, WhatsApp, a webhook), registered with
 * `NotifierModule.forRoot({}, { channels: [SlackChannel] })` (a Nest
 * provider: it may inject what it needs). A notification renders it with
 * `to<Name>(recipient)` (`slack` → `toSlack`) or `toChannel(name, recipient)`.
 * Sends go through reliable delivery like the built-in channels: a record per
 * send, retries and the queue. Throw a `DeliveryError` with a transient
 * reason (`provider_unavailable`, `rate_limited`, `timeout`...) to be
 * retried, a permanent one (`bad_request`, `invalid_recipient`...) to fail at
 * once; any other error counts as transient.
 *
 * @example
 * @Injectable()
 * class SlackChannel implements NotifierChannel<{ text: string }> {
 *   readonly name = 'slack';
 *   addressOf(recipient: RecipientProfile) { return recipient.routes?.slack; }
 *   async send(recipient, rendered, ctx) { await this.http.post(ctx.address, rendered); }
 * }
 */
export interface NotifierChannel<C = unknown> {
  /** Lower case letters, digits, `-` and `_`, at most 16 characters, not a built-in name. */
  readonly name: string;
  /**
   * Where this channel reaches `recipient`, or `undefined` when it cannot
   * (the delivery is then recorded `skipped`). @default `routes[name]`, else the user id
   */
  addressOf?(recipient: RecipientProfile): string | undefined;
  send(
    recipient: RecipientProfile,
    rendered: C,
    context: ChannelSendContext,
  ): Promise<ChannelSendResult | void>;
}
