import { refuseControlCharacters } from '../../utils/store-text.util.js';
import { SuppressionInputError } from '../errors/suppression-input.error.js';

const fail = (field: string, message: string) => new SuppressionInputError(field, message);

/**
 * Refuses, with a `SuppressionInputError` naming the field, any of these
 * strings that holds a control character: every suppression store runs it on
 * what it writes or queries by, so NUL never reaches PostgreSQL as a raw
 * driver error, even from a caller that skips `SuppressionService`.
 */
export function refuseSuppressionControls(fields: Record<string, unknown>): void {
  for (const field of Object.keys(fields)) refuseControlCharacters(fields[field], field, fail);
}

/** `limit` and `offset` as whole numbers a `bigint` `LIMIT`/`OFFSET` holds (no double rounding). */
export function refuseUnsafePage(limit: number, offset: number): void {
  for (const [field, value, min] of [
    ['limit', limit, 1],
    ['offset', offset, 0],
  ] as const) {
    if (!Number.isSafeInteger(value) || value < min)
      throw new SuppressionInputError(
        field,
        `must be an integer from ${min} to ${Number.MAX_SAFE_INTEGER}`,
      );
  }
}
