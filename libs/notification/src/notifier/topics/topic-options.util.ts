import { HeraldConfigError, type ConfigProblem } from '@herald/contracts';
import type { NotifierTopicOptions } from './topic-options.interface.js';

/** `NotifierModule` option `topics` with its defaults, or every problem as `topics.<key>: message`. */
export function resolveTopicOptions(
  given: NotifierTopicOptions | undefined,
): Required<Omit<NotifierTopicOptions, 'notifications'>> &
  Pick<NotifierTopicOptions, 'notifications'> {
  const options = given ?? {};
  const problems: ConfigProblem[] = [];
  const whole = (key: 'batchSize' | 'concurrency' | 'lockDurationMs', min: number, max: number) => {
    const value = options[key];
    if (value !== undefined && (!Number.isInteger(value) || value < min || value > max))
      problems.push({
        path: `topics.${key}`,
        message: `must be a whole number from ${min} to ${max} (got ${JSON.stringify(value)})`,
      });
  };
  if (typeof options !== 'object' || Array.isArray(options))
    problems.push({ path: 'topics', message: 'must be an object' });
  whole('batchSize', 1, 10_000);
  whole('concurrency', 1, 100);
  whole('lockDurationMs', 500, 3_600_000);
  const classes = options.notifications;
  if (
    classes !== undefined &&
    (!Array.isArray(classes) || classes.some((c) => typeof c !== 'function'))
  )
    problems.push({
      path: 'topics.notifications',
      message: 'must be a list of notification classes',
    });
  if (problems.length > 0) throw new HeraldConfigError(problems, 'NotifierModule cannot start');
  return {
    batchSize: options.batchSize ?? 1000,
    concurrency: options.concurrency ?? 1,
    lockDurationMs: options.lockDurationMs ?? 30_000,
    notifications: classes,
  };
}
