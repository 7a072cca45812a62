import { clusterOptionsOf, redisOptionsOf } from './create-redis-client.util.js';
import { hashTagged, parseRedisUrl, redisUrlProblem } from './redis-url.util.js';
import { redactUrl } from '../utils/redact-url.util.js';

const PLANT = 'S3CRETplant';

describe('parseRedisUrl', () => {
  it('reads one server with credentials, database and TLS', () => {
    expect(
      parseRedisUrl(`rediss://herald:${encodeURIComponent(`${PLANT}/@`)}@cache.example:6380/2`),
    ).toEqual({
      mode: 'single',
      host: 'cache.example',
      port: 6380,
      db: 2,
      username: 'herald',
      password: `${PLANT}/@`,
      tls: true,
    });
    expect(parseRedisUrl('redis://127.0.0.1')).toMatchObject({
      host: '127.0.0.1',
      port: 6379,
      db: 0,
    });
  });

  it('reads a cluster as its seed nodes', () => {
    expect(parseRedisUrl(`redis+cluster://:${PLANT}@10.0.0.1:7000,10.0.0.2,[::1]:7002`)).toEqual({
      mode: 'cluster',
      nodes: [
        { host: '10.0.0.1', port: 7000 },
        { host: '10.0.0.2', port: 6379 },
        { host: '::1', port: 7002 },
      ],
      username: undefined,
      password: PLANT,
      tls: false,
    });
  });

  it('reads Sentinels, the master name and a database', () => {
    expect(parseRedisUrl('rediss+sentinel://s1:26380,s2/mymaster/3')).toEqual({
      mode: 'sentinel',
      sentinels: [
        { host: 's1', port: 26380 },
        { host: 's2', port: 26379 },
      ],
      masterName: 'mymaster',
      db: 3,
      username: undefined,
      password: undefined,
      tls: true,
    });
  });

  it.each([
    [`redis://:${PLANT}@h1:1,h2:2`, 'redis:// names one server'],
    [`redis+cluster://:${PLANT}@h1:1,h2:2/0`, 'a Redis Cluster has no database number'],
    [`redis+sentinel://:${PLANT}@s1:26379`, 'needs the master name'],
    [`redis+sentinel://:${PLANT}@s1:26379/mymaster/x`, 'only a database number may follow'],
    [`redis+cluster://:${PLANT}@h1:1,h2:port`, 'node 2 of the host list must be host or host:port'],
    [`redis://:${PLANT}@h1:99999`, 'the host must be host or host:port'],
    [`http://:${PLANT}@h1:1`, 'the scheme is none of these'],
    [`redis://:${PLANT} x@h1:1`, 'it holds a space'],
    [{ url: `redis://:${PLANT}@h` }, 'got no string'],
  ])('refuses %p saying what is wrong, without quoting it', (url, why) => {
    const problem = redisUrlProblem(url)!;
    expect(problem).toContain('must be a redis:// or rediss:// URL');
    expect(problem).toContain(why);
    expect(problem).not.toContain(PLANT);
    expect(() => parseRedisUrl(url)).toThrow(TypeError);
  });
});

describe('client options', () => {
  it('builds Sentinel options and per-node Cluster options', () => {
    const sentinel = parseRedisUrl(`redis+sentinel://:${PLANT}@s1:1/m/1`);
    if (sentinel.mode !== 'sentinel') throw new Error('not sentinel');
    expect(redisOptionsOf(sentinel, { maxRetriesPerRequest: null })).toMatchObject({
      sentinels: [{ host: 's1', port: 1 }],
      name: 'm',
      db: 1,
      password: PLANT,
      maxRetriesPerRequest: null,
    });
    const cluster = parseRedisUrl(`rediss+cluster://u:${PLANT}@h1:1`);
    if (cluster.mode !== 'cluster') throw new Error('not cluster');
    expect(clusterOptionsOf(cluster, { maxRetriesPerRequest: null })).toEqual({
      redisOptions: { username: 'u', password: PLANT, tls: {}, maxRetriesPerRequest: null },
    });
  });

  it('hash-tags a prefix once', () => {
    expect(hashTagged('herald')).toBe('{herald}');
    expect(hashTagged('{herald}')).toBe('{herald}');
    expect(hashTagged('app:{q}')).toBe('app:{q}');
  });

  it('shows a host list URL without its credentials', () => {
    expect(redactUrl('redis+cluster://h1:7000,h2:7001')).toBe('redis+cluster://h1:7000,h2:7001');
    expect(redactUrl(`redis+cluster://:${PLANT}@h1:7000,h2:7001`)).toBe(
      'redis+cluster://[REDACTED]@h1:7000,h2:7001',
    );
  });
});
