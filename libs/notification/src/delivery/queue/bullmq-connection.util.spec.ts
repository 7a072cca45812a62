import { HeraldConfigError } from '@herald/contracts';
import { BullmqConnection, connectionFromUrl } from './bullmq-connection.util.js';

const PLANT = 'S3CRETplant';

describe('connectionFromUrl', () => {
  it('reads host, port, credentials, db and TLS from a redis URL', () => {
    expect(
      connectionFromUrl(`rediss://herald:${encodeURIComponent(`${PLANT}/@`)}@cache.example:6380/2`),
    ).toEqual(
      expect.objectContaining({
        host: 'cache.example',
        port: 6380,
        username: 'herald',
        password: `${PLANT}/@`,
        db: 2,
        tls: {},
      }),
    );
  });

  it.each([
    `:${PLANT}@127.0.0.1:6379`,
    `user:${PLANT}@127.0.0.1:6379`,
    `redis://:${PLANT} x@127.0.0.1:6379`,
    `redis://:${PLANT}@127.0.0.1:port`,
    `http://:${PLANT}@127.0.0.1:6379`,
    [`redis://:${PLANT}@127.0.0.1:6379`],
    { url: 'redis://127.0.0.1', password: PLANT },
  ])('refuses %p with a message and a stack that hold no credential', (url) => {
    let error: unknown;
    try {
      connectionFromUrl(url);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(HeraldConfigError);
    expect((error as Error).message).toContain(
      'notification.delivery.redis_url: must be a redis://',
    );
    const shown = `${(error as Error).stack} ${JSON.stringify(error)} ${String((error as Error).cause)}`;
    expect(shown).not.toContain(PLANT);
  });
});

describe('BullmqConnection', () => {
  it('keeps one server as options and its prefix as given', async () => {
    const one = new BullmqConnection('redis://127.0.0.1:6379/1', 'herald');
    expect(one.prefix).toBe('herald');
    expect(one.connection).toMatchObject({ host: '127.0.0.1', db: 1, maxRetriesPerRequest: null });
    await one.close();
  });

  it('reads Sentinels as options naming the master', async () => {
    const sentinel = new BullmqConnection('redis+sentinel://127.0.0.1:26379/mymaster', 'herald');
    expect(sentinel.prefix).toBe('herald');
    expect(sentinel.connection).toMatchObject({
      sentinels: [{ host: '127.0.0.1', port: 26379 }],
      name: 'mymaster',
      maxRetriesPerRequest: null,
    });
  });

  it('opens a Cluster client for a cluster and puts the prefix in a hash tag', async () => {
    const cluster = new BullmqConnection('redis+cluster://127.0.0.1:1,127.0.0.1:2', 'herald');
    try {
      expect(cluster.prefix).toBe('{herald}');
      expect((cluster.connection as { isCluster?: boolean }).isCluster).toBe(true);
      expect(
        (cluster.connection as { options: { redisOptions: object } }).options.redisOptions,
      ).toMatchObject({ maxRetriesPerRequest: null });
    } finally {
      await cluster.close();
    }
    const tagged = new BullmqConnection('redis+cluster://127.0.0.1:1', 'app:{q}');
    expect(tagged.prefix).toBe('app:{q}');
    await tagged.close();
  });
});
