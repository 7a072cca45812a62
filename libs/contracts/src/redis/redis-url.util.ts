/** One Redis node or Sentinel address. */
export interface RedisNodeAddress {
  host: string;
  port: number;
}

interface RedisAuth {
  username?: string;
  password?: string;
  /** `rediss` schemes: TLS to every node. */
  tls: boolean;
}

/**
 * Where a Redis connection goes, read from one URL:
 * - `redis://[user:pass@]host:port[/db]` (or `rediss://`): one server;
 * - `redis+cluster://[user:pass@]h1:p1,h2:p2` (or `rediss+cluster://`): a Redis Cluster, seed nodes;
 * - `redis+sentinel://[user:pass@]s1:p1,s2:p2/<master name>[/db]` (or `rediss+sentinel://`):
 *   the master that these Sentinels name.
 */
export type RedisTarget =
  | ({ mode: 'single'; host: string; port: number; db: number } & RedisAuth)
  | ({ mode: 'cluster'; nodes: RedisNodeAddress[] } & RedisAuth)
  | ({
      mode: 'sentinel';
      sentinels: RedisNodeAddress[];
      masterName: string;
      db: number;
    } & RedisAuth);

/** What a Redis URL setting accepts, for messages. */
export const REDIS_URL_FORMS =
  'a redis:// or rediss:// URL such as redis://127.0.0.1:6379/0, a Redis Cluster such as ' +
  'redis+cluster://host1:7000,host2:7001 or Sentinels such as redis+sentinel://host1:26379,host2:26379/mymaster';

const SCHEME = /^(rediss?)(?:\+(cluster|sentinel))?:\/\/(.*)$/i;
const HOST_PORT = /^(\[[0-9a-f:.]+\]|[a-z0-9._-]+)(?::(\d{1,5}))?$/i;

/** The reason `value` is not a Redis URL (never quoting it), or undefined when it is one. */
export function redisUrlProblem(value: unknown): string | undefined {
  const read = readRedisUrl(value);
  return 'problem' in read ? read.problem : undefined;
}

/**
 * Reads a Redis URL of any of the three forms; throws a `TypeError` whose
 * message says what is wrong without quoting the URL (it may hold a password).
 */
export function parseRedisUrl(value: unknown): RedisTarget {
  const read = readRedisUrl(value);
  if ('problem' in read) throw new TypeError(read.problem);
  return read;
}

function decode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

function readRedisUrl(value: unknown): RedisTarget | { problem: string } {
  const bad = (why: string) => ({ problem: `must be ${REDIS_URL_FORMS} (${why})` });
  if (typeof value !== 'string') return bad('got no string');
  if (/\s/.test(value)) return bad('it holds a space');
  const scheme = SCHEME.exec(value);
  if (!scheme) return bad('the scheme is none of these');
  const tls = scheme[1].toLowerCase() === 'rediss';
  const mode = (scheme[2]?.toLowerCase() ?? 'single') as RedisTarget['mode'];
  const rest = scheme[3].replace(/[?#].*$/, '');
  // the userinfo runs to the last `@` (a password may hold `@` or `/`)
  const at = rest.lastIndexOf('@');
  const slash = rest.indexOf('/', at + 1);
  const userinfo = at >= 0 ? rest.slice(0, at) : '';
  const hostPart = rest.slice(at + 1, slash < 0 ? undefined : slash);
  const path = slash < 0 ? '' : rest.slice(slash + 1);
  const colon = userinfo.indexOf(':');
  const auth: RedisAuth = {
    tls,
    username: decode(colon >= 0 ? userinfo.slice(0, colon) : userinfo) || undefined,
    password: colon >= 0 ? decode(userinfo.slice(colon + 1)) || undefined : undefined,
  };
  const nodes: RedisNodeAddress[] = [];
  const defaultPort = mode === 'sentinel' ? 26379 : 6379;
  const items = hostPart.split(',');
  for (const [index, item] of items.entries()) {
    const hp = HOST_PORT.exec(item);
    const port = Number(hp?.[2] ?? defaultPort);
    if (!hp || port < 1 || port > 65535) {
      const which = items.length > 1 ? `node ${index + 1} of the host list` : 'the host';
      return bad(`${which} must be host or host:port with a port from 1 to 65535`);
    }
    nodes.push({ host: hp[1].replace(/^\[|\]$/g, ''), port });
  }
  const segments = path.split('/').filter((s) => s !== '');
  const dbOf = (text: string | undefined): number | undefined =>
    text === undefined ? 0 : /^\d{1,2}$/.test(text) ? Number(text) : undefined;
  if (mode === 'single') {
    if (nodes.length !== 1)
      return bad(
        'redis:// names one server; list several nodes with redis+cluster:// or redis+sentinel://',
      );
    const db = dbOf(segments[0]);
    if (db === undefined || segments.length > 1)
      return bad('the path must be a database number such as /0');
    return { mode, ...nodes[0], db, ...auth };
  }
  if (mode === 'cluster') {
    if (segments.length > 0) return bad('a Redis Cluster has no database number: drop the path');
    return { mode, nodes, ...auth };
  }
  const [masterName, dbText, ...more] = segments;
  const db = dbOf(dbText);
  if (!masterName || !/^[\w.-]+$/.test(masterName))
    return bad('redis+sentinel:// needs the master name as its path, e.g. /mymaster');
  if (db === undefined || more.length > 0)
    return bad('after the master name only a database number may follow, e.g. /mymaster/0');
  return { mode, sentinels: nodes, masterName, db, ...auth };
}

/** A key prefix inside one hash tag (`herald` → `{herald}`), unless it holds one already. */
export function hashTagged(prefix: string): string {
  return /\{[^{}]+\}/.test(prefix) ? prefix : `{${prefix}}`;
}
