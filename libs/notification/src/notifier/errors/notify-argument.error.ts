import { HeraldError } from '@herald/contracts';

/** `notify()` was called with a bad argument; the message names the field, the value and what is allowed. */
export class NotifyArgumentError extends HeraldError {
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(`notify(): ${field} ${message}`, { code: 'HERALD_NOTIFIER_BAD_ARGUMENT' });
  }
}
