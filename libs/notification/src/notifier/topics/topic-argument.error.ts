import { HeraldError } from '@herald/contracts';

/** A topic call got a bad argument; the message names the field, the value and what is allowed. */
export class TopicArgumentError extends HeraldError {
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(`topics: ${field} ${message}`, { code: 'HERALD_TOPIC_BAD_ARGUMENT' });
  }
}
