import { HeraldError } from '@herald/contracts';
import { redactUrl, secretRedactor } from '@herald/contracts/internal';

/** The realtime fan-out's Redis did not accept a connection at start-up. */
export class RedisUnreachableError extends HeraldError {
  constructor(url: string, reason: string) {
    // no `cause`: a client error may quote the URL it was given; the scrubbed reason is in the message
    super(
      `Redis at ${redactUrl(url)} (DEMO_REDIS_URL) is not reachable: ${secretRedactor(url)(reason)}. ` +
        'Start Redis there, or unset DEMO_REDIS_URL to run one instance without the realtime fan-out.',
      { code: 'DEMO_REDIS_UNREACHABLE' },
    );
  }
}
