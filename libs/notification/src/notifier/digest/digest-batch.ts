import type { RecipientProfile } from '../recipients/recipient.interface.js';

/** One notification folded into a digest. */
export interface DigestItem {
  /** The id of the `notify()` call it came from. */
  notificationId: string;
  /** What the channel's `to<Channel>()` rendered for it (JSON: a mail message, inbox content...). */
  content: unknown;
  /** When it was notified (epoch ms). */
  at: number;
}

/** What `renderDigest` receives: the window's notifications for one recipient and channel, oldest first. */
export interface DigestBatch {
  /** The digest key (`digest.key`, else the notification type). */
  key: string;
  channel: string;
  items: DigestItem[];
}

type MaybePromise<T> = T | Promise<T>;

/**
 * Renders a digest: one delivery on `channel` for the whole batch, returning
 * what that channel's `to<Channel>()` would (a `Mailable` for `mail`, inbox
 * content...). It runs when the window ends, possibly in another process:
 * use only its arguments, not the instance's fields.
 *
 * @example
 * class CommentAdded extends Notification implements ToInbox, RenderDigest {
 *   override readonly digest = { windowMs: 10 * 60_000 };
 *   renderDigest(channel: string, user: RecipientProfile, batch: DigestBatch) {
 *     return { title: `${batch.items.length} new comments`, body: batch.items.map((i) => (i.content as InboxContent).body).join('\n') };
 *   }
 * }
 */
export interface RenderDigest {
  renderDigest(
    channel: string,
    recipient: RecipientProfile,
    batch: DigestBatch,
  ): MaybePromise<unknown>;
}
