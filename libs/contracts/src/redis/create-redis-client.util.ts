import { requireOptional } from '../utils/require-optional.util.js';
import { parseRedisUrl, type RedisTarget } from './redis-url.util.js';

/** ioredis options (`RedisOptions` / `ClusterOptions`), kept loose so contracts needs no ioredis types. */
export type RedisClientOptions = Record<string, unknown>;

type IoredisModule = {
  Redis: new (options: RedisClientOptions) => unknown;
  Cluster: new (
    nodes: Array<{ host: string; port: number }>,
    options: RedisClientOptions,
  ) => unknown;
};

/**
 * The ioredis options of a target that is not a Cluster (one server, or the
 * master its Sentinels name), with `extra` on top.
 */
export function redisOptionsOf(
  target: Exclude<RedisTarget, { mode: 'cluster' }>,
  extra: RedisClientOptions = {},
): RedisClientOptions {
  const auth = {
    username: target.username,
    password: target.password,
    tls: target.tls ? {} : undefined,
    db: target.db,
  };
  if (target.mode === 'single') return { host: target.host, port: target.port, ...auth, ...extra };
  return {
    sentinels: target.sentinels,
    name: target.masterName,
    enableTLSForSentinelMode: target.tls,
    ...auth,
    ...extra,
  };
}

/** The ioredis Cluster options of a cluster target; `extra` applies to each node's connection. */
export function clusterOptionsOf(
  target: Extract<RedisTarget, { mode: 'cluster' }>,
  extra: RedisClientOptions = {},
  cluster: RedisClientOptions = {},
): RedisClientOptions {
  return {
    ...cluster,
    redisOptions: {
      username: target.username,
      password: target.password,
      tls: target.tls ? {} : undefined,
      ...extra,
    },
  };
}

/**
 * The one place Herald opens a Redis connection from a URL: `new Redis` for
 * `redis://`, `new Redis({ sentinels, name })` for `redis+sentinel://`, `new
 * Cluster` for `redis+cluster://` (see `parseRedisUrl`). `ioredis` is loaded
 * lazily (`feature` names what needs it when it is missing). A URL that is
 * none of them throws a `TypeError` that does not quote it. `T` is the part of
 * the client the caller uses (both client classes share the command methods).
 *
 * @example const client = createRedisClient<DigestRedis>('redis+cluster://10.0.0.1:7000,10.0.0.2:7000', 'the digest store');
 */
export function createRedisClient<T = unknown>(
  url: string,
  feature: string,
  extra: RedisClientOptions = {},
  cluster: RedisClientOptions = {},
): T {
  const target = parseRedisUrl(url);
  const ioredis = requireOptional<IoredisModule>('ioredis', feature);
  if (target.mode === 'cluster') {
    // these two are the Cluster's own options as well as each node connection's
    const { lazyConnect, enableOfflineQueue } = extra;
    const own = Object.fromEntries(
      Object.entries({ lazyConnect, enableOfflineQueue }).filter(([, v]) => v !== undefined),
    );
    return new ioredis.Cluster(
      target.nodes,
      clusterOptionsOf(target, extra, { ...own, ...cluster }),
    ) as T;
  }
  return new ioredis.Redis(redisOptionsOf(target, extra)) as T;
}
