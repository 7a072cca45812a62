import {
  createDeliveryService,
  DeliverySweeper,
  MemoryDeliveryStore,
  RedisThrottleStore,
  ReliableSmsChannel,
} from '@herald/notification';
import { BullmqDeliveryQueue, DeliveryWorker } from '@herald/notification/bullmq';
import {
  HttpTestSmsChannel,
  startCountingProvider,
  type CountingProvider,
} from './helpers/delivery-fake-provider.js';
import { redisCli, RedisProcesses, until, type RedisNode } from './helpers/redis-cluster.js';

// each case takes seconds on a quiet machine; the bound leaves room for a loaded one
jest.setTimeout(120_000);

const run = `sentinel-${process.pid}-${Date.now()}`;

describe('Herald through Redis Sentinel (a master, a replica and a Sentinel on loopback)', () => {
  const processes = new RedisProcesses();
  let master: RedisNode;
  let replica: RedisNode;
  let sentinel: RedisNode;
  let url: string;
  let provider: CountingProvider;
  const persistence = ['--save', '', '--appendonly', 'no', '--daemonize', 'no'];
  const masterAddress = async () =>
    (await redisCli(sentinel.port, 'SENTINEL', 'get-master-addr-by-name', 'mymaster')).split('\n');

  beforeAll(async () => {
    provider = await startCountingProvider();
    master = await processes.start(persistence);
    replica = await processes.start([
      ...persistence,
      '--replicaof',
      '127.0.0.1',
      String(master.port),
    ]);
    const config = processes.file(
      'sentinel.conf',
      [
        `sentinel monitor mymaster 127.0.0.1 ${master.port} 1`,
        'sentinel down-after-milliseconds mymaster 1000',
        'sentinel failover-timeout mymaster 5000',
        '',
      ].join('\n'),
    );
    sentinel = await processes.start([config, '--sentinel']);
    await until(
      async () =>
        (await redisCli(replica.port, 'INFO', 'replication')).includes('master_link_status:up'),
      15_000,
      'the replica in sync',
    );
    await until(
      async () =>
        (await redisCli(sentinel.port, 'SENTINEL', 'replicas', 'mymaster')).includes(
          String(replica.port),
        ),
      20_000,
      'the Sentinel knows the replica',
    );
    url = `redis+sentinel://127.0.0.1:${sentinel.port}/mymaster`;
  });
  afterAll(async () => {
    await provider?.close();
    await processes.stop();
  });

  it('keeps the delivery queue and the throttle working through a master switch, each message sent once', async () => {
    const queueName = `q-${run}`;
    const queue = new BullmqDeliveryQueue({ redisUrl: url, queueName, prefix: run });
    const store = new MemoryDeliveryStore();
    const service = createDeliveryService(
      { retryAttempts: 5, retryBaseMs: 10, retryCapMs: 200, circuitThreshold: 100_000 },
      { store, queue },
    );
    service.register('sms', new HttpTestSmsChannel('ok', `${provider.url}/ok`));
    const worker = new DeliveryWorker(service, {
      redisUrl: url,
      queueName,
      prefix: run,
      concurrency: 20,
      // no worker dies here: long locks keep a slow test machine from running a job twice
      lockDurationMs: 30_000,
      stalledIntervalMs: 30_000,
    });
    const sweeper = new DeliverySweeper(store, queue, { afterMs: 2000 });
    const throttle = new RedisThrottleStore({ redisUrl: url, prefix: run });
    const sms = new ReliableSmsChannel(service, ['ok']);
    const count = 600;
    const key = (i: number) => `s-${run}-${i}`;
    const ids: string[] = [];
    try {
      await worker.ready();
      sweeper.start(1000);
      expect(await throttle.take('t', 1, 60_000, 1000)).toEqual({ allowed: true });
      for (let start = 0; start < count; start += 50) {
        if (start === count / 3) {
          await redisCli(sentinel.port, 'SENTINEL', 'FAILOVER', 'mymaster');
        }
        const results = await Promise.all(
          Array.from({ length: 50 }, async (_, j) => {
            for (let attempt = 0; ; attempt++) {
              try {
                return await sms.send({
                  to: '+15005550006',
                  body: `m ${start + j}`,
                  idempotencyKey: key(start + j),
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
      await until(
        async () => (await masterAddress())[1] === String(replica.port),
        15_000,
        'the Sentinel names the replica as master',
      );
      expect((await redisCli(replica.port, 'ROLE')).startsWith('master')).toBe(true);
      await until(
        async () =>
          (await Promise.all(ids.map((id) => store.get(id)))).every((r) => r?.status === 'sent'),
        50_000,
        `all ${count} sent`,
      );
      for (let i = 0; i < count; i++) expect(provider.delivered.get(key(i))).toBe(1);
      // the throttle's window survived on the new master (replicated) and still counts
      expect(await throttle.take('t', 1, 60_000, 2000)).toEqual({
        allowed: false,
        retryAtMs: 61_000,
      });
      // and the queue's keys are on the new master
      const keys = await redisCli(replica.port, '--scan', '--pattern', `${run}:${queueName}:*`);
      expect(keys.split('\n').filter(Boolean).length).toBeGreaterThan(0);
    } finally {
      await sweeper.stop();
      await worker.close();
      await queue.obliterate().catch(() => undefined);
      await queue.close();
      await throttle.close();
    }
  });
});
