import { refuseControlCharacters } from '../../utils/store-text.util.js';
import { ChatAddressError } from '../errors/chat-address.error.js';

const fail = (field: string, message: string) => new ChatAddressError(field, message);

/** Refuses, with a `ChatAddressError` naming the field, a string holding a control character. */
export function refuseChatAddressControls(fields: Record<string, unknown>): void {
  for (const field of Object.keys(fields)) refuseControlCharacters(fields[field], field, fail);
}

/** The same for a list of user ids (`userIds[3]` names the bad one). */
export function refuseChatUserIdControls(userIds: readonly unknown[]): void {
  for (let i = 0; i < userIds.length; i++)
    refuseControlCharacters(userIds[i], `userIds[${i}]`, fail);
}
