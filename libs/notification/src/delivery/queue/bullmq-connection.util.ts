import { HeraldConfigError } from '@herald/contracts';
import {
  clusterOptionsOf,
  hashTagged,
  redisOptionsOf,
  redisUrlProblem,
  parseRedisUrl,
  requireOptional,
  type RedisTarget,
} from '@herald/contracts/internal';
import type * as BullMQ from 'bullmq';

/** Where the queue lives and what it is called. */
export interface BullmqQueueOptions {
  /**
   * One Redis (`redis://host:6379/0`), a Redis Cluster
   * (`redis+cluster://host1:7000,host2:7001`) or the master named by Sentinels
   * (`redis+sentinel://host1:26379,host2:26379/mymaster`); `rediss` for TLS.
   * @default 'redis://127.0.0.1:6379'
   */
  redisUrl?: string;
  /** @default 'herald-delivery' */
  queueName?: string;
  /** Redis key prefix; on a Cluster it is put in a hash tag (`{herald}`) unless it holds one. @default 'herald' */
  prefix?: string;
}

export const loadBullmq = (): typeof BullMQ =>
  requireOptional<typeof BullMQ>('bullmq', 'queued delivery (notification.delivery.queue: bullmq)');

function targetOf(url: unknown): RedisTarget {
  const problem = redisUrlProblem(url);
  if (problem === undefined) return parseRedisUrl(url);
  throw new HeraldConfigError(
    [{ path: 'notification.delivery.redis_url', message: problem }],
    'Invalid BullMQ queue options',
  );
}

/**
 * BullMQ connection options from a Redis URL of any form (see
 * `BullmqQueueOptions.redisUrl`): options for one server or Sentinels (BullMQ
 * opens its own ioredis clients), a new ioredis `Cluster` for a cluster (the
 * caller closes it: BullMQ leaves a client it was given open). A URL of none
 * of these forms is a `HeraldConfigError` that shows it without its credentials.
 */
export function connectionFromUrl(
  url: unknown = 'redis://127.0.0.1:6379',
): BullMQ.ConnectionOptions {
  const target = targetOf(url);
  const blocking = { maxRetriesPerRequest: null };
  if (target.mode !== 'cluster')
    return redisOptionsOf(target, blocking) as BullMQ.ConnectionOptions;
  const { Cluster } = requireOptional<typeof import('ioredis')>(
    'ioredis',
    'queued delivery on a Redis Cluster',
  );
  return new Cluster(target.nodes, clusterOptionsOf(target, blocking) as object);
}

/**
 * The connection and key prefix of one BullMQ queue or worker, and `close()`
 * for the Cluster client it may have opened (call it after the queue or
 * worker closed). On a Cluster the prefix is hash-tagged, so that every key
 * of a queue lands in one slot, as BullMQ's multi-key scripts need.
 */
export class BullmqConnection {
  /** What to pass as BullMQ's `connection`. */
  readonly connection: BullMQ.ConnectionOptions;
  /** What to pass as BullMQ's `prefix` (hash-tagged on a Cluster). */
  readonly prefix: string;
  /** True when the URL names a Redis Cluster. */
  readonly cluster: boolean;

  constructor(url: unknown = 'redis://127.0.0.1:6379', prefix = 'herald') {
    this.cluster = targetOf(url).mode === 'cluster';
    this.connection = connectionFromUrl(url);
    this.prefix = this.cluster ? hashTagged(prefix) : prefix;
  }

  /** Closes the Cluster client this connection opened (options need no closing). */
  async close(): Promise<void> {
    if (!this.cluster) return;
    // the queue or worker closed first, so nothing is left in flight on it
    (this.connection as { disconnect(): void }).disconnect();
  }
}
