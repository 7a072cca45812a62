import { HeraldError } from '@herald/contracts';

/** A device token was registered with a bad field; the message names it and what is allowed. */
export class DeviceTokenError extends HeraldError {
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(`device token: ${field} ${message}`, { code: 'HERALD_DEVICE_TOKEN_INVALID' });
  }
}
