import type { DataSource } from 'typeorm';
import {
  openDeliveryTestDatabase,
  type TestDatabase,
} from '../../delivery/stores/__fixtures__/delivery-test-databases.js';
import { NOTIFIER_MIGRATIONS } from '../notifier.migrations.js';
import { DatabaseOutboxStore } from './database-outbox.store.js';
import type { NewOutboxEntry } from './outbox-store.protocol.js';
import { OutboxRelay } from './outbox-relay.js';
import type { OutboxEntry } from './outbox-entry.js';
import { OUTBOX_TABLE } from './outbox-record.entity.js';
import { placeholders, sqlTablePath } from '../../utils/sql-store.util.js';

/** Reads the plan as `NotifierService.relay` does. */
const notifierLike = async (e: OutboxEntry) => e.payload.plan.notification.id;

const entry = (id: string, idempotencyKey?: string): NewOutboxEntry => ({
  id,
  idempotencyKey,
  type: 'Receipt',
  payload: {
    plan: {
      notification: { id, type: 'Receipt', category: 'orders', critical: false },
      recipients: [],
    },
    recipients: 1,
    idempotencyKey,
  },
});

async function inTransaction<T>(
  ds: DataSource,
  work: (runner: ReturnType<DataSource['createQueryRunner']>) => Promise<T>,
  commit = true,
): Promise<T> {
  const runner = ds.createQueryRunner();
  await runner.startTransaction();
  try {
    const result = await work(runner);
    if (commit) await runner.commitTransaction();
    else await runner.rollbackTransaction();
    return result;
  } finally {
    await runner.release();
  }
}

describe.each(['sqlite', 'postgres'] as const)('DatabaseOutboxStore on %s', (kind) => {
  let db: TestDatabase;
  let store: DatabaseOutboxStore;

  beforeAll(async () => {
    db = await openDeliveryTestDatabase(kind, NOTIFIER_MIGRATIONS);
    store = new DatabaseOutboxStore(db.dataSource);
  });
  afterAll(() => db.close());

  it('writes only with the transaction, once per id and per idempotency key', async () => {
    await inTransaction(db.dataSource, (r) => store.add(r, entry('ntf_rolled')), false);
    const first = await inTransaction(db.dataSource, async (r) => [
      await store.add(r, entry('ntf_a', 'key-a')),
      await store.add(r, entry('ntf_a', 'key-a')),
      await store.add(r, entry('ntf_other_id', 'key-a')),
    ]);
    expect(first).toEqual([true, false, false]);
    const claimed = await store.claim('r1', 10, 1000);
    expect(claimed.map((e) => e.id)).toEqual(['ntf_a']);
    expect(claimed[0]).toMatchObject({
      attempts: 1,
      payload: { recipients: 1, idempotencyKey: 'key-a' },
    });
    expect(await store.complete('ntf_a', 'r1')).toBe(true);
    expect(await store.counts()).toEqual({ pending: 0, done: 1, failed: 0 });
  });

  it('leases a claimed row to one relay until the lease ends, then to another', async () => {
    await inTransaction(db.dataSource, (r) => store.add(r, entry('ntf_lease')));
    const now = Date.now();
    expect((await store.claim('r1', 10, 5000, now)).map((e) => e.id)).toEqual(['ntf_lease']);
    expect(await store.claim('r2', 10, 5000, now + 100)).toEqual([]);
    const again = await store.claim('r2', 10, 5000, now + 5001);
    expect(again).toMatchObject([{ id: 'ntf_lease', attempts: 2 }]);
    expect(await store.complete('ntf_lease', 'r1')).toBe(false); // r1 lost its lease
    expect(await store.complete('ntf_lease', 'r2')).toBe(true);
  });

  it('gives a row back for a retry, or marks it failed; purges settled rows', async () => {
    await inTransaction(db.dataSource, (r) => store.add(r, entry('ntf_retry')));
    const now = Date.now();
    await store.claim('r1', 10, 5000, now);
    await store.release('ntf_retry', 'r1', 'database down', now + 60_000);
    expect(await store.claim('r1', 10, 5000, now + 1000)).toEqual([]);
    expect(await store.claim('r1', 10, 5000, now + 60_000)).toMatchObject([{ id: 'ntf_retry' }]);
    await store.release('ntf_retry', 'r1', 'still down', undefined);
    expect((await store.counts()).failed).toBe(1);
    expect(await store.purge(new Date(Date.now() + 1000))).toBe(3);
    expect(await store.counts()).toEqual({ pending: 0, done: 0, failed: 0 });
  });

  it('relays with OutboxRelay: done when the handler succeeds, retried when it throws, failed after maxAttempts', async () => {
    await inTransaction(db.dataSource, async (r) => {
      await store.add(r, entry('ntf_ok'));
      await store.add(r, entry('ntf_bad'));
    });
    const seen: string[] = [];
    const relay = new OutboxRelay(
      store,
      async (e) => {
        seen.push(e.id);
        if (e.id === 'ntf_bad') throw new Error('no such channel');
      },
      { maxAttempts: 1 },
    );
    expect(await relay.relayOnce()).toBe(1);
    expect(seen.sort()).toEqual(['ntf_bad', 'ntf_ok']);
    expect(await store.counts()).toEqual({ pending: 0, done: 1, failed: 1 });
    await store.purge(new Date(Date.now() + 1000));
  });

  it('fails a row whose payload is not JSON without stopping the rest of the batch', async () => {
    const table = sqlTablePath(db.dataSource, OUTBOX_TABLE);
    const p = placeholders(db.dataSource);
    await db.dataSource.query(
      `INSERT INTO ${table} (id, type, payload, status, attempts, available_at, created_at)
       VALUES (${p(1)}, 'Receipt', '{not json', 'pending', 0, 0, 0)`,
      ['ntf_corrupt'],
    );
    await inTransaction(db.dataSource, (r) => store.add(r, entry('ntf_fine')));
    const relay = new OutboxRelay(store, (e) => notifierLike(e), { maxAttempts: 1 });
    expect(await relay.relayOnce()).toBe(1);
    expect(await store.counts()).toEqual({ pending: 0, done: 1, failed: 1 });
    await store.purge(new Date(Date.now() + 1000));
  });

  it('wakes its relay when a transaction of this process commits, without waiting for the poll', async () => {
    let relayed!: (id: string) => void;
    const handled = new Promise<string>((resolve) => (relayed = resolve));
    const relay = new OutboxRelay(store, async (e) => relayed(e.id), {
      pollIntervalMs: 3_600_000,
    });
    const runner = db.dataSource.createQueryRunner();
    await runner.startTransaction();
    try {
      await store.add(runner, entry('ntf_wake'));
      await relay.start(); // its first claim cannot see the uncommitted row; then it sleeps an hour
      await runner.commitTransaction();
      expect(await handled).toBe('ntf_wake');
    } finally {
      await runner.release();
      await relay.stop();
    }
    await store.purge(new Date(Date.now() + 1000));
  });

  if (kind === 'postgres') {
    it('wakes a listening relay when another process commits a row (LISTEN/NOTIFY)', async () => {
      const listener = new DatabaseOutboxStore(db.dataSource);
      let wake!: () => void;
      const woken = new Promise<void>((resolve) => (wake = resolve));
      const stop = await listener.listen(() => wake());
      try {
        // `store` is another instance: only the NOTIFY on commit can reach `listener`.
        await inTransaction(db.dataSource, (r) => store.add(r, entry('ntf_notify')));
        await woken;
      } finally {
        await stop();
      }
      await store.claim('r1', 10, 1000);
      await store.complete('ntf_notify', 'r1');
    });
  }
});
