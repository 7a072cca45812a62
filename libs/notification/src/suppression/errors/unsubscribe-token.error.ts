import { HeraldError } from '@herald/contracts';

/**
 * Why a one-click unsubscribe token was refused (the endpoint answers 403 for
 * each): `far_future` is an expiry later than the endpoint ever signs
 * (now + `ttlSeconds` + one day).
 */
export type UnsubscribeTokenProblem = 'malformed' | 'forged' | 'expired' | 'far_future';

const DESCRIPTIONS: Readonly<Record<UnsubscribeTokenProblem, string>> = {
  malformed: 'malformed',
  forged: 'forged',
  expired: 'expired',
  far_future: 'valid until too far in the future',
};

/** A one-click unsubscribe token that is malformed, not signed with our secret, expired or lives too long. */
export class UnsubscribeTokenError extends HeraldError {
  readonly problem: UnsubscribeTokenProblem;

  constructor(problem: UnsubscribeTokenProblem) {
    super(`unsubscribe token is ${DESCRIPTIONS[problem]}`, {
      code: `HERALD_UNSUBSCRIBE_TOKEN_${problem.toUpperCase()}`,
    });
    this.problem = problem;
  }

  /** What the endpoint says about the token. */
  get description(): string {
    return DESCRIPTIONS[this.problem];
  }
}
