import { createHash } from 'node:crypto';
import type { NotifyOptions } from '@herald/contracts';
import { findControlCharacter } from '../utils/store-text.util.js';
import { NotifyArgumentError } from './errors/notify-argument.error.js';
import type { Notification } from './notification.js';

/** The id of the notification an idempotency key stands for: the same in every process. */
export function notificationIdFor(idempotencyKey: string): string {
  return `ntf_${createHash('sha256').update(`notify\u0000${idempotencyKey}`).digest('hex').slice(0, 32)}`;
}

/**
 * A notification's `type` or `category` (when it sets one) is a name that
 * every record, metric label and store column keeps: 1 to 255 characters,
 * no control characters.
 */
export function checkLabel(notification: Notification<any>, field: 'type' | 'category'): void {
  const value: unknown = notification[field];
  if (typeof value !== 'string') return;
  // eslint-disable-next-line no-control-regex
  if (value.length >= 1 && value.length <= 255 && !/[\u0000-\u001f\u007f]/.test(value)) return;
  throw new NotifyArgumentError(
    `notification.${field}`,
    `must be a string of 1 to 255 characters without control characters (got ${NotifyArgumentError.describe(value)})`,
  );
}

/** `delayMs` / `sendAt` as an epoch-ms due time, `undefined` for now; typed errors for bad values. */
export function dueTimeOf(options: NotifyOptions, now: number): number | undefined {
  const { delayMs, sendAt, idempotencyKey } = options;
  if (
    idempotencyKey !== undefined &&
    (typeof idempotencyKey !== 'string' ||
      idempotencyKey === '' ||
      idempotencyKey.length > 200 ||
      findControlCharacter(idempotencyKey) !== -1)
  ) {
    throw new NotifyArgumentError(
      'options.idempotencyKey',
      `must be a non-empty string of at most 200 characters without control characters (got ${NotifyArgumentError.describe(idempotencyKey)})`,
    );
  }
  if (delayMs !== undefined && sendAt !== undefined)
    throw new NotifyArgumentError('options', 'takes delayMs or sendAt, not both');
  if (delayMs !== undefined) {
    if (typeof delayMs !== 'number' || !Number.isFinite(delayMs) || delayMs < 0)
      throw new NotifyArgumentError(
        'options.delayMs',
        `must be a finite number of milliseconds, 0 or more (got ${NotifyArgumentError.describe(delayMs)})`,
      );
    return delayMs === 0 ? undefined : now + delayMs;
  }
  if (sendAt !== undefined) {
    const at = sendAt instanceof Date ? sendAt.getTime() : sendAt;
    if (typeof at !== 'number' || !Number.isFinite(at))
      throw new NotifyArgumentError(
        'options.sendAt',
        `must be a valid Date or epoch milliseconds (got ${NotifyArgumentError.describe(sendAt)})`,
      );
    return at > now ? at : undefined;
  }
  return undefined;
}

/** The notification's `defaultPreferences` as JSON (it travels in queued jobs), checked. */
export function defaultPreferencesOf(
  notification: Notification<any>,
  type: string,
): Record<string, boolean> | undefined {
  const defaults: unknown = notification.defaultPreferences;
  if (defaults === undefined || defaults === null) return undefined;
  const entries =
    typeof defaults === 'object' && !Array.isArray(defaults) ? Object.entries(defaults) : undefined;
  if (!entries || entries.some(([, on]) => typeof on !== 'boolean' && on !== undefined)) {
    throw new NotifyArgumentError(
      'notification',
      `${type}.defaultPreferences must map channel names to true or false (got ${NotifyArgumentError.describe(defaults)})`,
    );
  }
  const out: Record<string, boolean> = {};
  for (const [channel, on] of entries) if (on !== undefined) out[channel] = on as boolean;
  return Object.keys(out).length > 0 ? out : undefined;
}
