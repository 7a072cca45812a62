import { HeraldConfigError } from '@herald/contracts';
import { describeUrl, requireOptional } from '@herald/contracts/internal';
import type * as BullMQ from 'bullmq';

/** Where the queue lives and what it is called. */
export interface BullmqQueueOptions {
  /** @default 'redis://127.0.0.1:6379' */
  redisUrl?: string;
  /** @default 'herald-delivery' */
  queueName?: string;
  /** Redis key prefix. @default 'herald' */
  prefix?: string;
}

export const loadBullmq = (): typeof BullMQ =>
  requireOptional<typeof BullMQ>('bullmq', 'queued delivery (notification.delivery.queue: bullmq)');

function parseRedisUrl(url: unknown): URL {
  let parsed: URL | undefined;
  try {
    parsed = typeof url === 'string' && !/\s/.test(url) ? new URL(url) : undefined;
  } catch {
    // Node's TypeError carries the whole URL as `input`: never rethrown
  }
  if (parsed && (parsed.protocol === 'redis:' || parsed.protocol === 'rediss:') && parsed.hostname)
    return parsed;
  throw new HeraldConfigError(
    [
      {
        path: 'notification.delivery.redis_url',
        message: `must be a redis:// or rediss:// URL such as redis://127.0.0.1:6379/0 (got ${describeUrl(url)})`,
      },
    ],
    'Invalid BullMQ queue options',
  );
}

/**
 * BullMQ connection options from a redis URL (BullMQ opens its own ioredis
 * clients). A URL that is not `redis://`/`rediss://` is a `HeraldConfigError`
 * that shows it without its credentials.
 */
export function connectionFromUrl(
  url: unknown = 'redis://127.0.0.1:6379',
): BullMQ.ConnectionOptions {
  const parsed = parseRedisUrl(url);
  return {
    host: parsed.hostname || '127.0.0.1',
    port: Number(parsed.port || 6379),
    username: parsed.username ? decodeURIComponent(parsed.username) : undefined,
    password: parsed.password ? decodeURIComponent(parsed.password) : undefined,
    db: parsed.pathname && parsed.pathname.length > 1 ? Number(parsed.pathname.slice(1)) : 0,
    tls: parsed.protocol === 'rediss:' ? {} : undefined,
    maxRetriesPerRequest: null,
  };
}
