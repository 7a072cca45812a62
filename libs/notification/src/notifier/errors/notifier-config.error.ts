import { HeraldConfigError, type ConfigProblem } from '@herald/contracts';

/**
 * The notifier was asked for something its setup cannot do: scheduling
 * (`delayMs`, `sendAt`, a gate's `defer`) without the BullMQ queue, a gate's
 * `digest` without a digester. Thrown by `notify()` before anything is
 * stored or enqueued; `problems` say which setting to change.
 */
export class NotifierConfigError extends HeraldConfigError {
  constructor(problems: ConfigProblem[]) {
    super(problems, 'The notifier cannot do this with its configuration');
  }
}
