import { InboxError } from '../errors/inbox.error.js';
import {
  codePointLabel,
  findControlCharacter,
  isControlCode,
} from '../../utils/store-text.util.js';

export { findControlCharacter };

const LIMITS = { userId: 255, title: 500, body: 20000, category: 100, actionUrl: 2000 };

const codePoint = codePointLabel;

/** Control characters written as `\u0000`, so a message never carries them raw. */
function escapeControls(text: string): string {
  let out = '';
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    out += isControlCode(code) ? `\\u${codePoint(code).slice(2)}` : text[i];
  }
  return out;
}

/**
 * Shows a value in a message: control characters escaped, long text cut;
 * objects by their kind (an object may have no `toString()`, or one that throws).
 */
export const quote = (value: unknown): string => {
  const text =
    typeof value === 'string'
      ? `'${escapeControls(value.slice(0, 40))}'`
      : value === null
        ? 'null'
        : Array.isArray(value)
          ? 'an array'
          : typeof value === 'object' || typeof value === 'function'
            ? `an ${typeof value}`
            : typeof value === 'symbol'
              ? 'a symbol'
              : String(value);
  return text.length > 60 ? `${text.slice(0, 60)}...` : text;
};

function refuseControlCharacters(label: string, value: string, allowLineBreaks = false): void {
  const at = findControlCharacter(value, { allowLineBreaks });
  if (at === -1) return;
  throw new InboxError(
    `${label} ${quote(value)} contains the control character ${codePoint(value.charCodeAt(at))} at index ${at}; ` +
      (allowLineBreaks
        ? 'remove it (tabs and line breaks are the only control characters allowed)'
        : 'remove it (control characters, line breaks included, are not allowed)'),
  );
}

/** A user id is a non-empty string of at most 255 characters, without control characters. */
export function validateUserId(userId: unknown): asserts userId is string {
  if (typeof userId !== 'string' || userId.length === 0 || userId.length > LIMITS.userId) {
    throw new InboxError(
      `inbox userId ${quote(userId)} is invalid; pass a non-empty string of at most ${LIMITS.userId} characters`,
    );
  }
  refuseControlCharacters('inbox userId', userId);
}

/** A `getInbox()` query is omitted or an object; the error shows what was passed instead. */
export function validateInboxQuery(query: unknown): void {
  if (query === undefined) return;
  if (query === null || typeof query !== 'object' || Array.isArray(query)) {
    throw new InboxError(
      `inbox query ${quote(query)} is invalid; pass an object such as { limit, cursor, unreadOnly }`,
    );
  }
}

/** Checks `send()` input; the error names the field, its value and the rule. */
export function validateSendInput(input: {
  title?: unknown;
  body?: unknown;
  category?: unknown;
  actionUrl?: unknown;
  data?: unknown;
}): void {
  if (!input || typeof input !== 'object') {
    throw new InboxError('inbox message must be an object such as { title, body? }');
  }
  const text = (field: 'title' | 'body' | 'category' | 'actionUrl', required: boolean) => {
    const value = input[field];
    if (value === undefined && !required) return;
    if (typeof value !== 'string' || (required && field === 'title' && value.trim() === '')) {
      throw new InboxError(
        `inbox message ${field} ${quote(value)} is invalid; pass a ${field === 'title' ? 'non-empty ' : ''}string`,
      );
    }
    if (value.length > LIMITS[field]) {
      throw new InboxError(
        `inbox message ${field} has ${value.length} characters; the maximum is ${LIMITS[field]}`,
      );
    }
    refuseControlCharacters(`inbox message ${field}`, value, field === 'body');
  };
  text('title', true);
  text('body', false);
  text('category', false);
  text('actionUrl', false);
  if (
    input.data !== undefined &&
    (input.data === null || typeof input.data !== 'object' || Array.isArray(input.data))
  ) {
    throw new InboxError(`inbox message data ${quote(input.data)} is invalid; pass a JSON object`);
  }
}
