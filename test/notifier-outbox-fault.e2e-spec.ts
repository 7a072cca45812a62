import type { ChildProcess } from 'node:child_process';
import type { INestApplicationContext } from '@nestjs/common';
import { Queue } from 'bullmq';
import { DataSource } from 'typeorm';
import { DELIVERY_STORE } from '../libs/notification/src/delivery/delivery.constants.js';
import type { DeliveryStore } from '../libs/notification/src/delivery/stores/delivery-store.protocol.js';
import { connectionFromUrl } from '@herald/notification/bullmq';
import {
  NOTIFICATION_OUTBOX,
  NotifierService,
  type OutboxStore,
} from '@herald/notification/notifier';
import { NOTIFIER_MIGRATIONS, OUTBOX_TABLE } from '@herald/notification/typeorm';
import {
  openDeliveryTestDatabase,
  type TestDatabase,
} from '../libs/notification/src/delivery/stores/__fixtures__/delivery-test-databases.js';
import { startCountingProvider, type CountingProvider } from './helpers/delivery-fake-provider.js';
import { exited, startFaultProcess, stopAll } from './helpers/fault-process.js';
import { Ping, startOutboxFaultApp } from './helpers/outbox-fault-app.js';

const NOTIFICATIONS = 1500;
const PER_TRANSACTION = 25;
const ROLLED_BACK = 100;

const startRelay = (env: Record<string, string>): Promise<ChildProcess> =>
  startFaultProcess('outbox-fault-relay.ts', env);

describe('outbox fault test: two relay processes, one SIGKILLed mid-batch, then restarted (PostgreSQL, Redis)', () => {
  jest.setTimeout(120_000);
  const queueName = `herald-outbox-fault-${process.pid}-${Date.now()}`;
  const prefix = 'herald-test';
  let provider: CountingProvider;
  let db: TestDatabase;
  let app: INestApplicationContext;
  const relays: ChildProcess[] = [];

  beforeAll(async () => {
    provider = await startCountingProvider();
    db = await openDeliveryTestDatabase('postgres', NOTIFIER_MIGRATIONS);
  });

  afterAll(async () => {
    await stopAll(relays);
    await app?.close();
    for (const name of [queueName, `${queueName}-notifier`]) {
      const queue = new Queue(name, { connection: connectionFromUrl(), prefix });
      await queue.obliterate({ force: true });
      await queue.close();
    }
    await db?.close();
    await provider?.close();
  });

  it('delivers every committed notification exactly once and none of the rolled-back ones', async () => {
    const schema = (db.dataSource.options as { schema: string }).schema;
    const endpoint = `${provider.url}/ok`;
    // This process writes the notifications and runs the delivery worker; the relays are children.
    app = await startOutboxFaultApp({
      schema,
      queueName,
      prefix,
      endpoint,
      deliveryWorker: true,
      outbox: { relay: false },
    });
    const notifier = app.get(NotifierService);
    const dataSource = app.get(DataSource);
    const outbox = app.get<OutboxStore>(NOTIFICATION_OUTBOX);
    const deliveries = app.get<DeliveryStore>(DELIVERY_STORE);

    const started = Date.now();
    const committed = new Set<string>();
    const rolledBack = new Set<string>();
    for (let i = 0; i < NOTIFICATIONS; i += PER_TRANSACTION) {
      await dataSource.transaction(async (manager) => {
        for (let j = i; j < i + PER_TRANSACTION; j++) {
          const { notificationId } = await notifier.notify({ id: `user-${j}` }, new Ping(j), {
            transaction: manager,
          });
          committed.add(notificationId);
        }
      });
      if (i < ROLLED_BACK) {
        await dataSource
          .transaction(async (manager) => {
            for (let j = 0; j < PER_TRANSACTION; j++) {
              const { notificationId } = await notifier.notify(
                { id: `ghost-${i + j}` },
                new Ping(-1),
                { transaction: manager },
              );
              rolledBack.add(notificationId);
            }
            throw new Error('rolled back');
          })
          .catch(() => undefined);
      }
    }
    expect(await outbox.counts()).toEqual({ pending: NOTIFICATIONS, done: 0, failed: 0 });

    const env = {
      FAULT_SCHEMA: schema,
      FAULT_QUEUE: queueName,
      FAULT_PREFIX: prefix,
      FAULT_ENDPOINT: endpoint,
    };
    relays.push(...(await Promise.all([startRelay(env), startRelay(env)])));
    let counts = await outbox.counts();
    while (counts.done < NOTIFICATIONS * 0.25) counts = await outbox.counts();
    relays[0].kill('SIGKILL');
    await exited(relays[0]);
    const table = `"${schema}"."${OUTBOX_TABLE}"`;
    const [{ n: leasedAtKill }] = await dataSource.query(
      `SELECT COUNT(*)::int AS n FROM ${table} WHERE status = 'pending' AND locked_until IS NOT NULL`,
    );
    const doneAtKill = (await outbox.counts()).done;
    // The killed relay comes back (a restart), beside the one that kept running.
    relays.push(await startRelay(env));

    const deadline = Date.now() + 90_000;
    let sent = 0;
    while (Date.now() < deadline) {
      counts = await outbox.counts();
      sent = (await deliveries.countByStatus()).sent;
      if (counts.done === NOTIFICATIONS && sent === NOTIFICATIONS) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    const keys = [...provider.delivered.keys()];
    const ofCommitted = keys.filter((k) => committed.has(k.split(':')[0]));
    const ofRolledBack = keys.filter((k) => rolledBack.has(k.split(':')[0]));
    const deliveredTwice = keys.filter((k) => provider.delivered.get(k)! > 1).length;
    const repeatedRequests = keys.reduce(
      (n, k) => n + Math.max(0, (provider.requests.get(k) ?? 0) - 1),
      0,
    );
    const records = await notifier.list({ status: 'dispatched', limit: 10_000 });
    const figures = {
      notifications: NOTIFICATIONS,
      rolledBack: rolledBack.size,
      relays: 2,
      killedAfterRelayed: doneAtKill,
      leasedAtKill,
      deliveredOnce: ofCommitted.filter((k) => provider.delivered.get(k) === 1).length,
      deliveredTwice,
      deliveredOfRolledBack: ofRolledBack.length,
      repeatedRequestsDedupedByProvider: repeatedRequests,
      outbox: counts,
      deliveryRecordsSent: sent,
      notificationRecords: records.length,
      seconds: (Date.now() - started) / 1000,
    };
    process.stdout.write(`outbox fault test figures: ${JSON.stringify(figures)}\n`);

    expect(doneAtKill).toBeLessThan(NOTIFICATIONS);
    expect(counts).toEqual({ pending: 0, done: NOTIFICATIONS, failed: 0 });
    expect(new Set(ofCommitted.map((k) => k.split(':')[0])).size).toBe(NOTIFICATIONS);
    expect(ofCommitted).toHaveLength(NOTIFICATIONS);
    expect(deliveredTwice).toBe(0);
    expect(ofRolledBack).toHaveLength(0);
    expect(sent).toBe(NOTIFICATIONS);
    expect(records).toHaveLength(NOTIFICATIONS);
    expect(records.every((r) => committed.has(r.id) && r.deliveries === 1)).toBe(true);
  });
});
