import { refuseControlCharacters } from '../../utils/store-text.util.js';
import { InboxError } from '../errors/inbox.error.js';
import type { InboxFilter, InboxMessage } from '@herald/contracts';

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
  refuseControlCharacters(message.severity, 'severity', fail);
  // a NUL escaped in JSON text would make PostgreSQL's tags::jsonb refuse every later tag filter
  (message.tags ?? []).forEach((tag, i) => refuseControlCharacters(tag, `tags[${i}]`, fail));
  (message.actions ?? []).forEach((action, i) => {
    refuseControlCharacters(action?.label, `actions[${i}].label`, fail);
    refuseControlCharacters(action?.url, `actions[${i}].url`, fail);
    refuseControlCharacters(action?.actionId, `actions[${i}].actionId`, fail);
  });
}

/** The same for the strings of a filter (tags, severities) bound for a statement's parameters. */
export function refuseInboxFilterControls(filter: InboxFilter | undefined, field = 'filter'): void {
  filter?.tags?.forEach((tag, i) => refuseControlCharacters(tag, `${field}.tags[${i}]`, fail));
  filter?.severity?.forEach((s, i) => refuseControlCharacters(s, `${field}.severity[${i}]`, fail));
}
