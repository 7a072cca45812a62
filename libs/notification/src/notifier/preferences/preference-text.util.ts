import { refuseControlCharacters } from '../../utils/store-text.util.js';
import { NotificationPreferenceError } from '../errors/notification-preference.error.js';

const fail = (field: string, message: string) => new NotificationPreferenceError(field, message);

/**
 * Refuses, with a `NotificationPreferenceError` naming the field, any of
 * these strings that holds a control character (NUL would reach PostgreSQL
 * as a raw driver error, and is the memory store's key separator). Every
 * preference store runs it on what it writes or queries by.
 */
export function refusePreferenceControls(
  fields: Record<string, unknown>,
  userIds: readonly unknown[] = [],
): void {
  for (const field of Object.keys(fields)) refuseControlCharacters(fields[field], field, fail);
  for (let i = 0; i < userIds.length; i++)
    refuseControlCharacters(userIds[i], `userIds[${i}]`, fail);
}
