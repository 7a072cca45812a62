import { HeraldError } from '@herald/contracts';

/** Why a one-click unsubscribe token was refused (the endpoint answers 403 for each). */
export type UnsubscribeTokenProblem = 'malformed' | 'forged' | 'expired';

/** A one-click unsubscribe token that is malformed, not signed with our secret, or expired. */
export class UnsubscribeTokenError extends HeraldError {
  constructor(readonly problem: UnsubscribeTokenProblem) {
    super(`unsubscribe token is ${problem}`, {
      code: `HERALD_UNSUBSCRIBE_TOKEN_${problem.toUpperCase()}`,
    });
  }
}
