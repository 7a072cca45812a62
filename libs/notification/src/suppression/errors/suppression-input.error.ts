import { HeraldError } from '@herald/contracts';

/** A suppression entry or query with a bad field; the message names it and what is allowed. */
export class SuppressionInputError extends HeraldError {
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(`suppression: ${field} ${message}`, { code: 'HERALD_SUPPRESSION_INVALID' });
  }
}
