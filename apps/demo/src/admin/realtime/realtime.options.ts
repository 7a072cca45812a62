import { HeraldConfigError } from '@herald/contracts';
import { describeUrl, redisUrlProblem } from '@herald/contracts/internal';

/** Options of the demo's realtime hub (token `REALTIME_OPTIONS`). */
export interface RealtimeOptions {
  /** Redis URL of the cross-instance bridge; unset = single instance. env `DEMO_REDIS_URL` */
  redisUrl?: string;
  /** Pub/sub channel of the bridge. env `DEMO_REDIS_CHANNEL` @default 'herald:demo:realtime' */
  channel: string;
  /** SSE heartbeat period. env `DEMO_SSE_HEARTBEAT_MS` @default 15000 */
  heartbeatMs: number;
  /** Events kept per user for `Last-Event-ID` replay. @default 200 */
  replayPerUser: number;
}

export const REALTIME_OPTIONS = 'DEMO:REALTIME_OPTIONS';

/**
 * `DEMO_REDIS_URL` when it is a Redis URL (one server, `redis+cluster://` or
 * `redis+sentinel://`); a typo stops the start (the URL shown without credentials).
 */
function redisUrlFromEnv(value: string | undefined): string | undefined {
  if (!value) return undefined;
  const problem = redisUrlProblem(value);
  if (problem === undefined) return value;
  throw new HeraldConfigError(
    [
      {
        path: 'DEMO_REDIS_URL',
        message: `${problem} (got ${describeUrl(value)}); unset it to run one instance without the realtime fan-out`,
      },
    ],
    'Invalid demo environment',
  );
}

/** Reads the options from the environment (embedded default: no Redis). */
export function realtimeOptionsFromEnv(env = process.env): RealtimeOptions {
  return {
    redisUrl: redisUrlFromEnv(env.DEMO_REDIS_URL),
    channel: env.DEMO_REDIS_CHANNEL || 'herald:demo:realtime',
    heartbeatMs: Number(env.DEMO_SSE_HEARTBEAT_MS) || 15000,
    replayPerUser: 200,
  };
}
