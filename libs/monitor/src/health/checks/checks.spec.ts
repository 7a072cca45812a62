import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { HealthStatus } from '@herald/contracts';
import { Redis } from 'ioredis';
import { DataSource } from 'typeorm';
import { HealthCheckRunner } from '../health-check-runner.js';
import { DatabaseHealthCheck } from './database.health-check.js';
import { DiskHealthCheck } from './disk.health-check.js';
import { EventLoopHealthCheck } from './event-loop.health-check.js';
import { HttpHealthCheck } from './http.health-check.js';
import { HeapHealthCheck, RssHealthCheck } from './memory.health-check.js';
import { RedisHealthCheck } from './redis.health-check.js';
import { memorySqlite } from '../../../../../test/helpers/sqlite.js';

describe('built-in health checks', () => {
  let runner: HealthCheckRunner;
  beforeEach(() => (runner = new HealthCheckRunner()));
  afterEach(() => runner.close());

  it('DatabaseHealthCheck runs SELECT 1 on SQLite and PostgreSQL, UNHEALTHY once destroyed', async () => {
    const sqlite = await new DataSource({
      ...memorySqlite(),
    }).initialize();
    const pg = await new DataSource({
      type: 'postgres',
      url: 'postgres://postgres@127.0.0.1:5432/test',
    }).initialize();
    try {
      runner.add('sqlite', new DatabaseHealthCheck(sqlite));
      runner.add('pg', new DatabaseHealthCheck(pg));
      const results = await runner.runAll();
      expect(results.sqlite.status).toBe(HealthStatus.HEALTHY);
      expect(results.pg.status).toBe(HealthStatus.HEALTHY);
    } finally {
      await sqlite.destroy();
      await pg.destroy();
    }
    const after = await runner.runCheck('sqlite');
    expect(after.status).toBe(HealthStatus.UNHEALTHY);
    expect(after.message).toMatch(/not initialized/);
  });

  it('DatabaseHealthCheck failures do not leak the password of the connection string', async () => {
    const failing = {
      query: () =>
        Promise.reject(
          new Error('connection to postgres://app:topsecret@10.0.0.1:5432/db refused'),
        ),
    };
    runner.add('db', new DatabaseHealthCheck(failing));
    const result = await runner.runCheck('db');
    expect(result.status).toBe(HealthStatus.UNHEALTHY);
    expect(result.message).not.toContain('topsecret');
  });

  it('RedisHealthCheck PINGs over one reused connection', async () => {
    const name = `herald-health-test-${process.pid}`;
    runner.add('redis', new RedisHealthCheck({ url: 'redis://127.0.0.1:6379', name }));
    const admin = new Redis('redis://127.0.0.1:6379');
    try {
      for (let i = 0; i < 3; i++) {
        const rounds = await Promise.all(
          Array.from({ length: 20 }, () => runner.runCheck('redis')),
        );
        expect(rounds.every((r) => r.status === HealthStatus.HEALTHY)).toBe(true);
      }
      const clients = ((await admin.client('LIST')) as string)
        .split('\n')
        .filter((line) => line.includes(`name=herald-health:${name}`));
      expect(clients).toHaveLength(1);
    } finally {
      await runner.close();
      await admin.quit();
    }
  });

  it('RedisHealthCheck is UNHEALTHY when Redis does not answer', async () => {
    runner.add('redis', new RedisHealthCheck({ url: 'redis://127.0.0.1:1', timeoutMs: 300 }));
    expect((await runner.runCheck('redis')).status).toBe(HealthStatus.UNHEALTHY);
  });

  it('heap and RSS thresholds: HEALTHY, DEGRADED close to the threshold, UNHEALTHY above', async () => {
    const heap = process.memoryUsage().heapUsed;
    runner.add('heapOk', new HeapHealthCheck({ thresholdBytes: heap * 100 }));
    runner.add(
      'heapNear',
      new HeapHealthCheck({ thresholdBytes: heap * 1.05, degradedRatio: 0.1 }),
    );
    runner.add('rssLow', new RssHealthCheck({ thresholdBytes: 1024 }));
    const results = await runner.runAll();
    expect(results.heapOk.status).toBe(HealthStatus.HEALTHY);
    expect(results.heapNear.status).toBe(HealthStatus.DEGRADED);
    expect(results.rssLow.status).toBe(HealthStatus.UNHEALTHY);
    expect(results.rssLow.details).toMatchObject({ thresholdBytes: 1024 });
  });

  it('DiskHealthCheck reports free space and fails an impossible minimum', async () => {
    runner.add('disk', new DiskHealthCheck({ path: '/', minFreeBytes: 1 }));
    runner.add('full', new DiskHealthCheck({ path: '/', minFreeBytes: Number.MAX_SAFE_INTEGER }));
    const results = await runner.runAll();
    expect(results.disk.status).toBe(HealthStatus.HEALTHY);
    expect(results.disk.details?.freeBytes).toBeGreaterThan(0);
    expect(results.full.status).toBe(HealthStatus.UNHEALTHY);
  });

  it('EventLoopHealthCheck turns DEGRADED after the loop was blocked', async () => {
    runner.add('loop', new EventLoopHealthCheck({ thresholdMs: 30 }));
    await runner.runCheck('loop'); // starts sampling
    await new Promise((resolve) => setTimeout(resolve, 30));
    const blockedUntil = Date.now() + 120;
    while (Date.now() < blockedUntil) {
      // block the event loop on purpose
    }
    await new Promise((resolve) => setTimeout(resolve, 30));
    const result = await runner.runCheck('loop');
    expect(result.status).toBe(HealthStatus.DEGRADED);
    expect(result.critical).toBe(false);
  });

  describe('HttpHealthCheck', () => {
    let server: Server;
    let base: string;
    const seenAuth: Array<string | undefined> = [];
    beforeAll(async () => {
      server = createServer((req, res) => {
        seenAuth.push(req.headers.authorization);
        res.statusCode = req.url === '/up' ? 200 : 500;
        res.end('x');
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      base = `127.0.0.1:${(server.address() as AddressInfo).port}`;
    });
    afterAll(() => new Promise((resolve) => server.close(resolve)));

    it('is up on 2xx, down otherwise, and hides URL credentials', async () => {
      runner.add('up', new HttpHealthCheck(`http://${base}/up`));
      runner.add('down', new HttpHealthCheck(`http://user:pa55word@${base}/down`));
      const results = await runner.runAll();
      expect(results.up.status).toBe(HealthStatus.HEALTHY);
      expect(results.down.status).toBe(HealthStatus.UNHEALTHY);
      expect(results.down.message).toMatch(/answered 500/);
      expect(JSON.stringify(results.down)).not.toContain('pa55word');
      expect(seenAuth).toContain(`Basic ${Buffer.from('user:pa55word').toString('base64')}`);
    });
  });
});
