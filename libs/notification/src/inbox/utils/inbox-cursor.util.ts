import { InboxError } from '../errors/inbox.error.js';
import { quote } from './inbox-input.util.js';

/** Position after which the next page starts: the last message's list time (`createdAt`, or the end of its snooze) and `id`. */
export interface InboxCursor {
  listedAtMs: number;
  id: string;
}

/** Opaque keyset cursor: base64url of `<createdAt ms>.<id>`. */
export function encodeInboxCursor(cursor: InboxCursor): string {
  return Buffer.from(`${cursor.listedAtMs}.${cursor.id}`, 'utf8').toString('base64url');
}

/** Decodes a cursor from `encodeInboxCursor`; throws `InboxError` naming it otherwise. */
export function decodeInboxCursor(value: unknown): InboxCursor {
  const text =
    typeof value === 'string' && /^[A-Za-z0-9_-]{1,200}$/.test(value)
      ? Buffer.from(value, 'base64url').toString('utf8')
      : '';
  const match = /^(\d{1,16})\.([0-9a-f-]{36})$/.exec(text);
  if (!match) {
    const shown = typeof value === 'string' ? `'${value.slice(0, 80)}'` : quote(value);
    throw new InboxError(
      `inbox cursor ${shown} is not valid; pass the nextCursor of a previous getInbox() page or omit it`,
      'INBOX_INVALID_CURSOR',
    );
  }
  return { listedAtMs: Number(match[1]), id: match[2] };
}
