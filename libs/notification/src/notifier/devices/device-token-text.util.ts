import { refuseControlCharacters } from '../../utils/store-text.util.js';
import { DeviceTokenError } from '../errors/device-token.error.js';

const fail = (field: string, message: string) => new DeviceTokenError(field, message);

/**
 * Refuses, with a `DeviceTokenError` naming the field, any of these strings
 * that holds a control character (NUL first of all, which PostgreSQL would
 * answer with a raw driver error). Every device-token store runs it on what
 * it is about to write or query by.
 */
export function refuseDeviceTokenControls(fields: Record<string, unknown>): void {
  for (const field of Object.keys(fields)) refuseControlCharacters(fields[field], field, fail);
}

/** The same for a list of user ids (`userIds[3]` names the bad one). */
export function refuseUserIdControls(userIds: readonly unknown[]): void {
  for (let i = 0; i < userIds.length; i++)
    refuseControlCharacters(userIds[i], `userIds[${i}]`, fail);
}
