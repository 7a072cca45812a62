import type { INestApplication } from '@nestjs/common';
import request from 'supertest';
import { HealthCheckRunner, HealthStatus, RedisHealthCheck } from '@herald/monitor';
import {
  createDeliveryService,
  DeliverySweeper,
  MemoryDeliveryStore,
  RedisNotificationDigester,
  RedisThrottleStore,
  ReliableSmsChannel,
  type DeliveryService,
} from '@herald/notification';
import { BullmqDeliveryQueue, DeliveryWorker } from '@herald/notification/bullmq';
import { REALTIME_OPTIONS } from '../apps/demo/src/admin/realtime/realtime.options.js';
import { startDemoApp } from './helpers/demo-app.js';
import {
  HttpTestSmsChannel,
  startCountingProvider,
  type CountingProvider,
} from './helpers/delivery-fake-provider.js';
import { bearer, loginAs } from './helpers/inbox-demo.js';
import {
  redisCli,
  startRedisCluster,
  until,
  type RedisClusterFixture,
} from './helpers/redis-cluster.js';
import { SseClient } from './helpers/sse-client.js';

// each case takes seconds on a quiet machine; the bound leaves room for a loaded one
jest.setTimeout(120_000);

const run = `cluster-${process.pid}-${Date.now()}`;

describe('Herald on a three-master Redis Cluster (one replica each, loopback)', () => {
  let cluster: RedisClusterFixture;
  let provider: CountingProvider;

  beforeAll(async () => {
    cluster = await startRedisCluster();
    provider = await startCountingProvider();
  });
  afterAll(async () => {
    await provider?.close();
    await cluster?.stop();
  });

  /** A BullMQ delivery queue, a worker and a memory store on the cluster. */
  async function deliveryOn(queueName: string) {
    const queue = new BullmqDeliveryQueue({ redisUrl: cluster.url, queueName, prefix: run });
    const store = new MemoryDeliveryStore();
    const service: DeliveryService = createDeliveryService(
      { retryAttempts: 5, retryBaseMs: 10, retryCapMs: 200, circuitThreshold: 100_000 },
      { store, queue },
    );
    service.register('sms', new HttpTestSmsChannel('ok', `${provider.url}/ok`));
    const worker = new DeliveryWorker(service, {
      redisUrl: cluster.url,
      queueName,
      prefix: run,
      concurrency: 50,
      // no worker dies here: long locks keep a slow test machine from running a job twice
      lockDurationMs: 30_000,
      stalledIntervalMs: 30_000,
    });
    await worker.ready();
    const close = async () => {
      await worker.close();
      await queue.obliterate().catch(() => undefined);
      await queue.close();
    };
    return { queue, store, service, worker, sms: new ReliableSmsChannel(service, ['ok']), close };
  }

  // First: run after the other cases in this process, the worker stalled after the failover
  // (50 jobs active, none finishing); the cause is not found yet.
  it('loses nothing and sends nothing twice when the queue’s master fails over during a fan-out of 2,000 deliveries', async () => {
    const queueName = `q-failover-${run}`;
    const d = await deliveryOn(queueName);
    // jobs a dead master took with it (acknowledged, not yet replicated) are added again from the store
    const sweeper = new DeliverySweeper(d.store, d.queue, { afterMs: 2000 });
    sweeper.start(1000);
    const count = 2000;
    const key = (i: number) => `fo-${run}-${i}`;
    const ids: string[] = [];
    const home = await cluster.masterOf(`{${run}}`);
    const replica = await cluster.replicaOf(home);
    try {
      let killed = false;
      for (let start = 0; start < count; start += 100) {
        if (!killed && start >= count / 3) {
          killed = true;
          // the replica of the master that holds the queue takes over
          await redisCli(replica, 'CLUSTER', 'FAILOVER');
        }
        const batch = Array.from({ length: Math.min(100, count - start) }, (_, j) => start + j);
        const results = await Promise.all(
          batch.map(async (i) => {
            // a send that fails while the cluster elects a new master is sent again, as a caller would
            for (let attempt = 0; ; attempt++) {
              try {
                return await d.sms.send({
                  to: '+15005550006',
                  body: `fan-out ${i}`,
                  idempotencyKey: key(i),
                });
              } catch (error) {
                if (attempt > 50) throw error;
                await new Promise((r) => setTimeout(r, 200));
              }
            }
          }),
        );
        ids.push(...results.map((r) => r.deliveryId));
      }
      expect(killed).toBe(true);
      expect(new Set(ids).size).toBe(count);
      await until(
        async () => (await redisCli(replica, 'ROLE')).startsWith('master'),
        15_000,
        'the replica promoted',
      );
      await until(
        async () =>
          (await Promise.all(ids.map((id) => d.store.get(id)))).every((r) => r?.status === 'sent'),
        60_000,
        `all ${count} deliveries sent`,
      ).catch(async (error: Error) => {
        const statuses: Record<string, number> = {};
        const errors = new Set<string>();
        for (const r of await Promise.all(ids.map((id) => d.store.get(id)))) {
          statuses[r?.status ?? 'none'] = (statuses[r?.status ?? 'none'] ?? 0) + 1;
          if (r?.lastError) errors.add(String(r.lastError).slice(0, 200));
        }
        const counts = await d.queue.counts().catch((e: Error) => e.message);
        throw new Error(
          `${error.message}: records ${JSON.stringify(statuses)}, queue ${JSON.stringify(counts)}, sweeper ${JSON.stringify(sweeper.last ?? null)}, errors ${JSON.stringify([...errors].slice(0, 5))}`,
        );
      });
      let delivered = 0;
      for (let i = 0; i < count; i++) {
        expect(provider.delivered.get(key(i))).toBe(1);
        delivered += provider.delivered.get(key(i)) ?? 0;
      }
      expect(delivered).toBe(count);
      const records = await Promise.all(ids.map((id) => d.store.get(id)));
      expect(records.filter((r) => r?.status === 'sent')).toHaveLength(count);
    } finally {
      await sweeper.stop();
      await d.close();
    }
  });

  it('runs the BullMQ delivery queue with every key of the queue in one hash slot', async () => {
    const d = await deliveryOn(`q-basic-${run}`);
    try {
      expect(d.queue.prefix).toBe(`{${run}}`);
      const results = await Promise.all(
        Array.from({ length: 50 }, (_, i) =>
          d.sms.send({
            to: '+15005550006',
            body: `basic ${i}`,
            idempotencyKey: `basic-${run}-${i}`,
          }),
        ),
      );
      await until(
        async () =>
          (await Promise.all(results.map((r) => d.store.get(r.deliveryId)))).every(
            (r) => r?.status === 'sent',
          ),
        20_000,
        'all 50 sent',
      );
      for (let i = 0; i < 50; i++) expect(provider.delivered.get(`basic-${run}-${i}`)).toBe(1);
      // the queue's keys live on the master of the prefix's slot, none elsewhere
      const home = await cluster.masterOf(`{${run}}`);
      const keys = await redisCli(home, '--scan', '--pattern', `{${run}}:*`);
      expect(keys.split('\n').filter(Boolean).length).toBeGreaterThan(0);
    } finally {
      await d.close();
    }
  });

  it('keeps digest windows and throttle counts, shared by two clients, on keys spread over the masters', async () => {
    const a = new RedisThrottleStore({ redisUrl: cluster.url, prefix: run });
    const b = new RedisThrottleStore({ redisUrl: cluster.url, prefix: run });
    const digester = new RedisNotificationDigester({ redisUrl: cluster.url, prefix: run });
    const other = new RedisNotificationDigester({ redisUrl: cluster.url, prefix: run });
    const entry = (key: string, n: number) => ({
      key,
      windowMs: 60_000,
      context: {
        notification: { id: `ntf_${n}`, type: 'T', category: 'c', critical: false },
        recipient: { id: 'u' },
        channel: 'inbox',
        address: 'u',
        now: n,
        stage: 'notify' as const,
      },
      content: { n },
    });
    try {
      expect(await a.take('k', 2, 1000, 10_000)).toEqual({ allowed: true });
      expect(await b.take('k', 2, 1000, 10_400)).toEqual({ allowed: true });
      expect(await a.take('k', 2, 1000, 10_500)).toEqual({ allowed: false, retryAtMs: 11_000 });
      expect(await b.take('k', 2, 1000, 11_000)).toEqual({ allowed: true });

      // twenty digest keys: their windows land on more than one master
      const keys = Array.from({ length: 20 }, (_, i) => `digest-${run}-${i}`);
      const now = Date.now();
      const ends = await digester.push(
        keys.map((k, i) => entry(k, i)),
        now,
      );
      const again = await other.push(
        keys.map((k, i) => entry(k, 100 + i)),
        now + 1,
      );
      expect(again).toEqual(ends);
      for (const [i, key] of keys.entries())
        expect((await other.read(key, ends[i])).map((e) => e.content)).toEqual([
          { n: i },
          { n: 100 + i },
        ]);
      const masters = new Set<number>();
      const scan = await Promise.all(
        cluster.nodes.map(async (n) => ({
          port: n.port,
          found: (await redisCli(n.port, '--scan', '--pattern', `${run}:digest:*`))
            .split('\n')
            .filter(Boolean),
        })),
      );
      for (const { port, found } of scan) if (found.length > 0) masters.add(port);
      expect(masters.size).toBeGreaterThan(1);
      for (const [i, key] of keys.entries()) await digester.clear(key, ends[i]);
      expect(await other.read(keys[0], ends[0])).toEqual([]);
    } finally {
      await Promise.all([a.close(), b.close(), digester.close(), other.close()]);
    }
  });

  describe('the SSE fan-out between two demo instances', () => {
    let a: INestApplication;
    let b: { app: INestApplication; url: string };
    let stream: SseClient | undefined;

    afterAll(async () => {
      stream?.close();
      await Promise.all([a?.close(), b?.app.close()]);
    });

    it('updates a bell on instance B when the message is sent on instance A', async () => {
      const shared = {
        redisUrl: cluster.url,
        channel: `herald:test:${run}:realtime`,
        heartbeatMs: 200,
        replayPerUser: 50,
      };
      ({ app: a } = await startDemoApp((x) =>
        x.overrideProvider(REALTIME_OPTIONS).useValue(shared),
      ));
      b = await startDemoApp((x) => x.overrideProvider(REALTIME_OPTIONS).useValue(shared));
      const [tokenA, tokenB] = await Promise.all([loginAs(a, 'carol'), loginAs(b.app, 'carol')]);
      stream = await SseClient.open(`${b.url}/admin/notifications/stream`, bearer(tokenB));
      await stream.waitFor((e) => e.event === 'sync');
      const sent = await request(a.getHttpServer())
        .post('/admin/notifications/send')
        .set(bearer(tokenA))
        .send({ title: 'across the cluster' })
        .expect(201);
      const event = await stream.waitFor((e) => e.event === 'inbox.sent');
      expect(event.data).toMatchObject({
        id: sent.body.message.id,
        title: 'across the cluster',
        user_id: 'carol',
      });
    });
  });

  it('answers the redis health check over a Cluster client built from the same URL', async () => {
    const runner = new HealthCheckRunner();
    runner.add('redis', new RedisHealthCheck({ url: cluster.url, name: `cluster-${run}` }));
    try {
      expect((await runner.runCheck('redis')).status).toBe(HealthStatus.HEALTHY);
    } finally {
      await runner.close();
    }
  });
});
