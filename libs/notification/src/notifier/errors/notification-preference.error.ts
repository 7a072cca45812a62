import { HeraldError } from '@herald/contracts';

/** A preference was read or written with a bad field; the message names it, the value and what is allowed. */
export class NotificationPreferenceError extends HeraldError {
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(`notification preference: ${field} ${message}`, {
      code: 'HERALD_NOTIFICATION_PREFERENCE_INVALID',
    });
  }
}
