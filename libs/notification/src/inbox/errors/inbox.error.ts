import { HeraldError } from '@herald/contracts';

/**
 * Invalid input to `InboxService` (empty title, a cursor that was not issued
 * by `getInbox`, ...). The message names the offending field and value.
 */
export class InboxError extends HeraldError {
  constructor(
    message: string,
    code = 'INBOX_INVALID_INPUT',
    /** The input field at fault (`userId`, `title`...), when one is. */
    readonly field?: string,
  ) {
    super(message, { code });
  }
}
