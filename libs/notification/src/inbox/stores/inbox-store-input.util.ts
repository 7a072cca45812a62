import { refuseControlCharacters } from '../../utils/store-text.util.js';
import { InboxError } from '../errors/inbox.error.js';
import type { InboxMessage } from '@herald/contracts';

const fail = (field: string, message: string) =>
  new InboxError(`inbox ${field} ${message}`, 'INBOX_INVALID_INPUT', field);

/**
 * Refuses, with an `InboxError` naming the field, a string bound for an inbox
 * store that holds a control character: `InboxService` checks the same
 * before, this is for callers that use a store directly (NUL would otherwise
 * reach PostgreSQL as a raw `QueryFailedError`).
 */
export function refuseInboxControls(fields: Record<string, unknown>): void {
  for (const field of Object.keys(fields)) refuseControlCharacters(fields[field], field, fail);
}

/** The same for a whole message; only its body may hold tabs and line breaks. */
export function refuseInboxMessageControls(message: InboxMessage): void {
  refuseControlCharacters(message.id, 'id', fail);
  refuseControlCharacters(message.userId, 'userId', fail);
  refuseControlCharacters(message.title, 'title', fail);
  refuseControlCharacters(message.body, 'body', fail, { allowLineBreaks: true });
  refuseControlCharacters(message.category, 'category', fail);
  refuseControlCharacters(message.actionUrl, 'actionUrl', fail);
}
