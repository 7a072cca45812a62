import { HeraldError } from '@herald/contracts';

/** A chat address was registered or looked up with a bad field; the message names it and what is allowed. */
export class ChatAddressError extends HeraldError {
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(`chat address: ${field} ${message}`, { code: 'HERALD_CHAT_ADDRESS_INVALID' });
  }
}
