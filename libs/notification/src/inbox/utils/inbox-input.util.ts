import { InboxError } from '../errors/inbox.error';

const LIMITS = { userId: 255, title: 500, body: 20000, category: 100, actionUrl: 2000 };

const quote = (value: unknown): string => {
  const text = typeof value === 'string' ? `'${value.slice(0, 40)}'` : String(value);
  return text.length > 60 ? `${text.slice(0, 60)}...` : text;
};

/** A user id is a non-empty string of at most 255 characters. */
export function validateUserId(userId: unknown): asserts userId is string {
  if (typeof userId !== 'string' || userId.length === 0 || userId.length > LIMITS.userId) {
    throw new InboxError(
      `inbox userId ${quote(userId)} is invalid; pass a non-empty string of at most ${LIMITS.userId} characters`,
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
    throw new InboxError('inbox message must be an object such as { title, body }');
  }
  const text = (field: 'title' | 'body' | 'category' | 'actionUrl', required: boolean) => {
    const value = input[field];
    if (value === undefined && !required) return;
    if (typeof value !== 'string' || (required && field === 'title' && value.trim() === '')) {
      throw new InboxError(
        `inbox message ${field} ${quote(value)} is invalid; pass a non-empty string`,
      );
    }
    if (value.length > LIMITS[field]) {
      throw new InboxError(
        `inbox message ${field} has ${value.length} characters; the maximum is ${LIMITS[field]}`,
      );
    }
  };
  text('title', true);
  text('body', true);
  text('category', false);
  text('actionUrl', false);
  if (
    input.data !== undefined &&
    (input.data === null || typeof input.data !== 'object' || Array.isArray(input.data))
  ) {
    throw new InboxError(`inbox message data ${quote(input.data)} is invalid; pass a JSON object`);
  }
}
