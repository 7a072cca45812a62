import { HeraldConfigError } from '@herald/contracts';
import { connectionFromUrl } from './bullmq-connection.util.js';

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
