import { HeraldError } from '@herald/contracts';

/**
 * A notification declares a bad timing rule (`escalation`, `throttle`,
 * `digest`) or a timing gate got bad options; the message names the field,
 * the value and what is allowed. Thrown before anything is stored.
 */
export class TimingRuleError extends HeraldError {
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(`${field} ${message}`, { code: 'HERALD_NOTIFIER_BAD_TIMING_RULE' });
  }
}
