import { HeraldError } from '@herald/contracts';
import { redactUrlCredentials } from '@herald/contracts/internal';

/** The realtime fan-out's Redis did not accept a connection at start-up. */
export class RedisUnreachableError extends HeraldError {
  constructor(url: string, reason: string, cause?: unknown) {
    super(
      `Redis at ${redactUrlCredentials(url)} (DEMO_REDIS_URL) is not reachable: ${redactUrlCredentials(reason)}. ` +
        'Start Redis there, or unset DEMO_REDIS_URL to run one instance without the realtime fan-out.',
      { code: 'DEMO_REDIS_UNREACHABLE', cause },
    );
  }
}
