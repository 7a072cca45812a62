import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import type { INestApplication } from '@nestjs/common';
import request from 'supertest';
import {
  BUILT_DEMO_START_MS,
  BUILT_DEMO_TEST_MS,
  spawnBuiltDemo,
  type BuiltDemo,
} from './helpers/built-demo.js';
import { startDemoApp } from './helpers/demo-app.js';
import { withEnv } from './helpers/with-env.js';

/** A loopback port nothing listens on (bound, then released). */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

const exited = (child: ChildProcess) =>
  child.exitCode !== null || child.signalCode !== null
    ? Promise.resolve()
    : new Promise<void>((resolve) => child.once('exit', () => resolve()));

/** A private redis-server on its own port, so the test can stop it. */
async function startPrivateRedis(): Promise<{ url: string; stop(): Promise<void> }> {
  const port = await closedPort();
  const child = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  await new Promise<void>((resolve, reject) => {
    let output = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Ready to accept connections')) resolve();
    });
    child.once('exit', (code) => reject(new Error(`redis-server exited with ${code}: ${output}`)));
  });
  return {
    url: `redis://127.0.0.1:${port}`,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await exited(child);
    },
  };
}

const channel = () => `herald:test:${process.pid}:${Math.random().toString(36).slice(2)}`;

describe('the demo with Redis fan-out', () => {
  it('has no redis check when fan-out is off', async () => {
    const { app } = await withEnv({ DEMO_REDIS_URL: undefined }, () => startDemoApp());
    try {
      const res = await request(app.getHttpServer()).get('/health').expect(200);
      expect(res.body.checks.redis).toBeUndefined();
    } finally {
      await app.close();
    }
  });

  describe('on', () => {
    let redis: { url: string; stop(): Promise<void> };
    let app: INestApplication;

    beforeAll(async () => {
      redis = await startPrivateRedis();
      ({ app } = await withEnv(
        {
          DEMO_REDIS_URL: redis.url,
          DEMO_REDIS_CHANNEL: channel(),
          HERALD_MONITOR__HEALTH__CACHE_TTL: '0',
        },
        () => startDemoApp(),
      ));
    });
    afterAll(async () => {
      await app?.close();
      await redis?.stop();
    });

    it('reports a readiness check named redis, healthy while Redis answers PING', async () => {
      const res = await request(app.getHttpServer()).get('/health/ready').expect(200);
      expect(res.body.checks.redis).toMatchObject({ name: 'redis', status: 'healthy' });
    });

    it('turns the check unhealthy (the app degraded, still serving) when Redis goes away', async () => {
      await redis.stop();
      const res = await request(app.getHttpServer()).get('/health/ready');
      expect(res.body.checks.redis).toMatchObject({ name: 'redis', status: 'unhealthy' });
      expect(res.body.checks.redis.critical).toBe(false);
      expect(res.status).toBe(207);
      expect(res.body.status).toBe('degraded');
    });
  });
});

describe('the built demo with Redis configured but down', () => {
  let demo: BuiltDemo | undefined;
  afterAll(() => demo?.kill());

  it(
    'exits non-zero instead of retrying, naming the Redis URL without its credentials',
    async () => {
      const port = await closedPort();
      demo = spawnBuiltDemo({
        DEMO_DATABASE_URL: 'sqlite::memory:',
        DEMO_REDIS_URL: `redis://demo-user:s3cret-pw@127.0.0.1:${port}/0`,
        DEMO_REDIS_CHANNEL: channel(),
      });
      let timer: NodeJS.Timeout | undefined;
      const code = await Promise.race([
        demo.exited(),
        new Promise<never>((_, reject) => {
          timer = setTimeout(
            () =>
              reject(
                new Error(
                  `the demo did not exit within ${BUILT_DEMO_START_MS} ms:\n${demo!.stdout()}${demo!.stderr()}`,
                ),
              ),
            BUILT_DEMO_START_MS,
          );
        }),
      ]).finally(() => clearTimeout(timer));
      const stderr = demo.stderr();
      const all = demo.stdout() + stderr;
      expect(code).not.toBe(0);
      expect(code).not.toBeNull();
      expect(stderr).toContain(`Redis at redis://[REDACTED]@127.0.0.1:${port}/0 (DEMO_REDIS_URL)`);
      expect(stderr).toMatch(/ECONNREFUSED/);
      expect(stderr).toMatch(/unset DEMO_REDIS_URL/);
      expect(all).not.toContain('s3cret-pw');
      expect(all).not.toContain('demo-user');
      expect(all).not.toMatch(/running at/);
    },
    BUILT_DEMO_TEST_MS,
  );
});
