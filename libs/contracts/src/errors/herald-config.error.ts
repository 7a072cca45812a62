import { redactUrlCredentials } from '../utils/redact-url.util.js';
import { HeraldError } from './herald.error.js';

/** One configuration problem: where (`monitor.tracing.sample_rate`) and what. */
export interface ConfigProblem {
  path: string;
  message: string;
}

/**
 * Thrown when configuration is invalid. The message lists every problem, one a
 * line, as `path: message (got value)`; secret values are never quoted.
 */
export class HeraldConfigError extends HeraldError {
  readonly problems: readonly ConfigProblem[];

  constructor(given: ConfigProblem[], heading = 'Invalid Herald configuration') {
    // whoever built a message, a URL credential in it does not get printed
    const problems = given.map((p) => ({ path: p.path, message: redactUrlCredentials(p.message) }));
    const lines = problems.map((p) => `  - ${p.path}: ${p.message}`);
    super(
      `${heading} (${problems.length} problem${problems.length === 1 ? '' : 's'}):\n${lines.join('\n')}`,
      {
        code: 'HERALD_CONFIG_INVALID',
      },
    );
    this.problems = problems;
  }
}
