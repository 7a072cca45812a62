import { describeDeliveryStoreContract } from './__fixtures__/delivery-store.contract.js';
import {
  openDeliveryTestDatabase,
  type TestDatabase,
} from './__fixtures__/delivery-test-databases.js';
import { HeraldError } from '@herald/contracts';
import { DatabaseDeliveryStore } from './database-delivery.store.js';
import { deliveryTablePath } from './delivery-sql.util.js';

type PgConfig = { name?: string; text: string; values: unknown[] };
type PgCallback = (error: Error | null, result: { rows: unknown[] }) => void;
type PgClient = { query(config: PgConfig, callback: PgCallback): void };

/**
 * Sends every statement a store runs on the PostgreSQL `db` through `query`
 * (the stores call pg's callback form, see runOnPg); `mockRestore()` the
 * returned spy.
 */
function interceptPg(
  db: TestDatabase,
  query: (client: PgClient, config: PgConfig, callback: PgCallback) => void,
) {
  const driver = db.dataSource.driver as unknown as {
    obtainMasterConnection(): Promise<[PgClient, () => void]>;
  };
  const original = driver.obtainMasterConnection.bind(driver);
  return jest.spyOn(driver, 'obtainMasterConnection').mockImplementation(async () => {
    const [client, release] = await original();
    return [{ query: (config, callback) => query(client, config, callback) }, release];
  });
}

describe.each(['sqlite', 'postgres'] as const)('DatabaseDeliveryStore on %s', (kind) => {
  let db: TestDatabase;
  let store: DatabaseDeliveryStore;

  beforeAll(async () => {
    db = await openDeliveryTestDatabase(kind);
    store = new DatabaseDeliveryStore(db.dataSource);
  });
  afterAll(() => db.close());

  /** Counts the statements the store runs: pooled connections on PostgreSQL, query runners on SQLite. */
  const countStatements = () =>
    kind === 'postgres'
      ? jest.spyOn(
          db.dataSource.driver as unknown as { obtainMasterConnection(): Promise<unknown> },
          'obtainMasterConnection',
        )
      : jest.spyOn(db.dataSource, 'createQueryRunner');

  describeDeliveryStoreContract(`DatabaseDeliveryStore (${kind})`, () => store);

  it('reports a record that conflicts on insert but cannot be read back as a typed error', async () => {
    await store.create({ id: `gone_${kind}`, channel: 'sms', backend: 'tw', recipient: '+1' });
    jest.spyOn(store, 'get').mockResolvedValueOnce(undefined); // deleted between INSERT and SELECT
    const error = await store
      .create({ id: `gone_${kind}`, channel: 'sms', backend: 'tw', recipient: '+1' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HeraldError);
    expect(error).toMatchObject({ code: 'HERALD_DELIVERY_RECORD_CONFLICT' });
    expect((error as Error).message).toContain(`"gone_${kind}"`);
  });

  it('lets exactly one of many concurrent claimers move a record', async () => {
    const { record } = await store.create({
      id: `race_${kind}`,
      channel: 'push',
      backend: 'fcm',
      recipient: 'tok',
    });
    await store.transition(record.id, 'sending');
    const outcomes = await Promise.allSettled(
      Array.from({ length: 8 }, () =>
        store.transition(record.id, 'sent', { providerMessageId: 'm' }),
      ),
    );
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
  });

  it('round-trips every field', async () => {
    const sentAt = new Date(1_700_000_000_123);
    const { record } = await store.create({
      id: `fields_${kind}`,
      channel: 'mail',
      backend: 'smtp',
      recipient: 'ada@example.com, bob@example.com',
      idempotencyKey: 'welcome:1',
    });
    await store.transition(record.id, 'sending', { attempts: 1 });
    await store.transition(record.id, 'sent', {
      providerMessageId: '<x@y>',
      sentAt,
      backend: 'sendgrid',
      lastError: 'it\'s "quoted"',
    });
    expect(await store.get(record.id)).toMatchObject({
      channel: 'mail',
      backend: 'sendgrid',
      recipient: 'ada@example.com, bob@example.com',
      status: 'sent',
      attempts: 1,
      providerMessageId: '<x@y>',
      idempotencyKey: 'welcome:1',
      lastError: 'it\'s "quoted"',
      sentAt,
    });
  });

  it('answers each of many concurrent sending/sent transitions on its own, errors included', async () => {
    const ids = Array.from({ length: 40 }, (_, i) => `batch_${kind}_${i}`);
    await store.createMany(
      ids.map((id) => ({ id, channel: 'sms', backend: 'tw', recipient: '+1' })),
    );
    await store.transition(ids[0], 'sending', { attempts: 1 });
    await store.transition(ids[0], 'sent', {});
    const query = countStatements();
    const sending = await Promise.allSettled(
      ids.map((id, i) => store.transition(id, 'sending', { attempts: i + 1 })),
    );
    // the one already sent is refused with its own error; the others move
    expect(sending[0]).toMatchObject({ status: 'rejected', reason: { to: 'sending' } });
    expect((sending[0] as PromiseRejectedResult).reason.message).toContain(ids[0]);
    for (const [i, outcome] of sending.slice(1).entries())
      expect(outcome).toMatchObject({
        status: 'fulfilled',
        value: { id: ids[i + 1], status: 'sending', attempts: i + 2 },
      });
    const sentAt = new Date(1_700_000_000_000);
    const sent = await Promise.all(
      ids
        .slice(1)
        .map((id) =>
          store.transition(id, 'sent', { backend: 'b2', providerMessageId: `SM_${id}`, sentAt }),
        ),
    );
    expect(sent.map((r) => [r.id, r.status, r.providerMessageId, r.backend])).toEqual(
      ids.slice(1).map((id) => [id, 'sent', `SM_${id}`, 'b2']),
    );
    expect(await store.get(ids[5])).toMatchObject({ status: 'sent', attempts: 6, sentAt });
    // PostgreSQL: a statement per batch (plus reading back the refused one); SQLite: one a row
    const statements = query.mock.calls.length;
    query.mockRestore();
    if (kind === 'postgres') expect([statements >= 2, statements <= 6]).toEqual([true, true]);
    else expect(statements).toBeGreaterThanOrEqual(79);
  });

  it('claims many records in one statement, each caller its own, a repeated id after the first', async () => {
    const ids = Array.from({ length: 30 }, (_, i) => `claim_${kind}_${i}`);
    await store.createMany(
      ids.map((id) => ({ id, channel: 'sms', backend: 'tw', recipient: '+1' })),
    );
    await store.transition(ids[0], 'suppressed', {});
    const query = countStatements();
    const claims = await Promise.all([...ids, ids[1]].map((id) => store.claim(id)));
    const statements = query.mock.calls.length;
    query.mockRestore();
    expect(claims[0]).toBeUndefined();
    for (const [i, claimed] of claims.slice(1, ids.length).entries())
      expect(claimed).toMatchObject({ id: ids[i + 1], status: 'sending', attempts: 1 });
    // the same id twice at once: the second claim is the next attempt, not the same one
    expect(claims[ids.length]).toMatchObject({ id: ids[1], attempts: 2 });
    if (kind === 'postgres') expect(statements).toBe(2);
    else expect(statements).toBe(ids.length + 1);
  });

  if (kind === 'postgres')
    it('writes the claims and the sent transitions of the moment in one statement', async () => {
      const ids = Array.from({ length: 20 }, (_, i) => `mixed_${i}`);
      await store.createMany(
        ids.map((id) => ({ id, channel: 'sms', backend: 'tw', recipient: '+1' })),
      );
      await Promise.all(ids.slice(0, 10).map((id) => store.claim(id)));
      await store.transition(ids[19], 'suppressed', {});
      const query = countStatements();
      const [claims, sent] = await Promise.all([
        Promise.all(ids.slice(10).map((id) => store.claim(id))),
        Promise.all(
          ids
            .slice(0, 10)
            .map((id) => store.transition(id, 'sent', { providerMessageId: `SM_${id}` })),
        ),
      ]);
      const statements = query.mock.calls.length;
      query.mockRestore();
      expect(statements).toBe(1);
      for (const [i, claimed] of claims.slice(0, 9).entries())
        expect(claimed).toMatchObject({ id: ids[10 + i], status: 'sending', attempts: 1 });
      // a suppressed record is not claimable: undefined, as a claim alone answers
      expect(claims[9]).toBeUndefined();
      expect(sent.map((r) => [r.id, r.status, r.providerMessageId])).toEqual(
        ids.slice(0, 10).map((id) => [id, 'sent', `SM_${id}`]),
      );

      // the same id claimed and sent at once: the second write waits for the first
      const [done, again] = await Promise.all([
        store.transition(ids[10], 'sent', { providerMessageId: 'SM_again' }),
        store.claim(ids[10]),
      ]);
      expect(done).toMatchObject({ status: 'sent', providerMessageId: 'SM_again' });
      expect(again).toBeUndefined();
      expect(await store.get(ids[10])).toMatchObject({ status: 'sent', attempts: 1 });

      // a row that breaks the statement rejects its own caller; the claims of the batch still answer
      const outcomes = await Promise.allSettled([
        store.claim(ids[11]),
        store.transition(ids[12], 'sent', { attempts: 2 ** 40 }),
        store.transition(ids[13], 'sent', { attempts: 1 }),
      ]);
      expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
      expect(outcomes[0]).toMatchObject({ value: { id: ids[11], status: 'sending', attempts: 2 } });
      expect((await store.get(ids[12]))?.status).toBe('sending');
      expect((await store.get(ids[13]))?.status).toBe('sent');
    });

  if (kind === 'postgres')
    it('finds the rows of a claim or a batched transition by id, not by status, on a table without statistics', async () => {
      // 3,000 records in `sending`, as a burst leaves them: no ANALYZE has seen them
      const ids = Array.from({ length: 3000 }, (_, i) => `plan_${i}`);
      for (let at = 0; at < ids.length; at += 1000)
        await store.createMany(
          ids
            .slice(at, at + 1000)
            .map((id) => ({ id, channel: 'sms', backend: 'tw', recipient: '+1' })),
        );
      await Promise.all(ids.map((id) => store.claim(id)));
      const plans: string[] = [];
      const spy = interceptPg(db, (client, config, callback) => {
        if (!/^\s*UPDATE/i.test(config.text)) return client.query(config, callback);
        client.query({ text: `EXPLAIN ${config.text}`, values: config.values }, (error, plan) => {
          if (error) return callback(error, plan);
          plans.push(
            (plan.rows as Array<Record<string, string>>).map((r) => r['QUERY PLAN']).join('\n'),
          );
          client.query(config, callback);
        });
      });
      await Promise.all(ids.slice(0, 10).map((id) => store.claim(id)));
      await Promise.all(
        ids.slice(0, 10).map((id) => store.transition(id, 'sent', { providerMessageId: id })),
      );
      spy.mockRestore();
      expect(plans).toHaveLength(2);
      for (const plan of plans) {
        expect(plan).toContain('_pkey');
        expect(plan).not.toMatch(/idx_herald_delivery_status_created|Seq Scan/);
      }
    });

  if (kind === 'postgres')
    it.each([true, false])(
      'preparedStatements %s: the worker statements are named (prepared) only when asked',
      async (preparedStatements) => {
        const named = new DatabaseDeliveryStore(db.dataSource, { preparedStatements });
        const names: Array<string | undefined> = [];
        const spy = interceptPg(
          db,
          (client, config, callback) => (names.push(config.name), client.query(config, callback)),
        );
        const id = `prepared_${preparedStatements}`;
        const many = Array.from({ length: 37 }, (_, i) => `${id}_${i}`);
        try {
          await named.create({ id, channel: 'sms', backend: 'tw', recipient: '+1' });
          expect(await named.claim(id)).toMatchObject({ status: 'sending', attempts: 1 });
          expect(await named.transition(id, 'sent', { providerMessageId: 'SM1' })).toMatchObject({
            status: 'sent',
          });
          const created = await named.createMany(
            many.map((rid) => ({ id: rid, channel: 'sms', backend: 'tw', recipient: '+1' })),
          );
          expect(created.map((r) => [r.record.id, r.created])).toEqual(
            many.map((rid) => [rid, true]),
          );
        } finally {
          spy.mockRestore();
        }
        // the inserts (one text whatever the row count), the claim and sent: named when asked
        expect(names.map((name) => /^herald_[0-9a-f]{20}$/.test(name ?? ''))).toEqual([
          preparedStatements,
          preparedStatements,
          preparedStatements,
          preparedStatements,
        ]);
        expect(await named.get(many[36])).toMatchObject({ id: many[36], status: 'queued' });
      },
    );

  if (kind === 'postgres')
    it('inserts 1 row and 37 rows with the same named statement, a repeated id reported as existing', async () => {
      const configs: PgConfig[] = [];
      const spy = interceptPg(
        db,
        (client, config, callback) => (configs.push(config), client.query(config, callback)),
      );
      const ids = Array.from({ length: 36 }, (_, i) => `fixed_${i}`);
      let one: Awaited<ReturnType<DatabaseDeliveryStore['createMany']>>;
      let batch: typeof one;
      try {
        one = await store.createMany([
          { id: 'fixed_one', channel: 'sms', backend: 'tw', recipient: '+1' },
        ]);
        batch = await store.createMany([
          ...ids.map((id, i) => ({ id, channel: 'sms', backend: 'tw', recipient: `+${i}` })),
          // the same id again in the batch: the first one is written, this one finds it
          { id: ids[3], channel: 'push', backend: 'fcm', recipient: 'other' },
        ]);
      } finally {
        spy.mockRestore();
      }
      const inserts = configs.filter((config) => /^\s*INSERT/i.test(config.text));
      expect(inserts).toHaveLength(2);
      expect(inserts[0].name).toMatch(/^herald_[0-9a-f]{20}$/);
      expect(inserts[1].name).toBe(inserts[0].name);
      expect(inserts[1].text).toBe(inserts[0].text);
      expect(inserts[0].text).toMatch(/unnest\(/);
      // one array a column, one element a row
      expect(inserts[1].values).toHaveLength(14);
      expect(inserts[1].values.map((v) => (v as unknown[]).length)).toEqual(
        Array.from({ length: 14 }, () => 37),
      );
      expect(one.map((r) => [r.record.id, r.created])).toEqual([['fixed_one', true]]);
      expect(batch.map((r) => [r.record.id, r.created])).toEqual([
        ...ids.map((id) => [id, true]),
        [ids[3], false],
      ]);
      expect(batch[36].record).toMatchObject({ channel: 'sms', backend: 'tw', recipient: '+3' });
      expect(await store.get(ids[3])).toMatchObject({ channel: 'sms', recipient: '+3' });
    });

  it('round-trips awkward strings, empty strings and NULLs through a batch insert', async () => {
    const awkward = [
      `it's "quoted"`,
      'back\\slash \\" \\\\',
      'a,b,,c',
      '{braces}',
      '{"a":[1,"x"]}',
      'NULL',
      'null',
      '',
      ' spaced ',
      'tab\there\nnew line\r',
      'ünïcødé 日本語 🎉 \u2028',
      '\\N',
      '""',
      '}',
      '{',
      '(1,2)',
      '\\x00ff',
    ];
    const inputs = awkward.map((text, i) => ({
      id: `awk_${kind}_${i}_${text.slice(0, 20)}`,
      channel: 'sms',
      backend: text,
      recipient: text,
      createdAt: new Date(1_600_000_000_000 + i),
      // every other row leaves the nullable columns out
      ...(i % 2 === 0
        ? {
            idempotencyKey: text,
            notificationId: text.slice(0, 64),
            lastError: text,
            smsSegments: i,
            smsEncoding: 'UCS-2' as const,
          }
        : {}),
      job: {
        id: `awk_${kind}_${i}`,
        channel: 'sms',
        backends: [text],
        message: { to: text, body: `${text} | ${JSON.stringify(text)}`, nested: { text } },
      },
    }));
    const results = await store.createMany(inputs);
    expect(results.every((r) => r.created)).toBe(true);
    for (const [i, input] of inputs.entries()) {
      const stored = await store.get(input.id);
      expect(stored).toEqual(results[i].record);
      expect(stored).toMatchObject({ id: input.id, backend: awkward[i], recipient: awkward[i] });
      if (i % 2 === 0) {
        expect(stored).toMatchObject({
          idempotencyKey: awkward[i],
          notificationId: awkward[i].slice(0, 64),
          lastError: awkward[i],
          smsSegments: i,
          smsEncoding: 'UCS-2',
        });
      } else {
        expect(stored?.idempotencyKey).toBeUndefined();
        expect(stored?.notificationId).toBeUndefined();
        expect(stored?.lastError).toBeUndefined();
        expect(stored?.smsSegments).toBeUndefined();
        expect(stored?.smsEncoding).toBeUndefined();
      }
    }
    // the job column holds exactly the JSON text written
    const table = deliveryTablePath(db.dataSource);
    const p = kind === 'postgres' ? (i: number) => `$${i}` : () => '?';
    const rows = (await db.dataSource.query(
      `SELECT id, job, last_error FROM ${table} WHERE id IN (${inputs.map((_, i) => p(i + 1)).join(', ')})`,
      inputs.map((input) => input.id),
    )) as Array<{ id: string; job: string | null; last_error: string | null }>;
    const byId = new Map(rows.map((row) => [row.id, row]));
    for (const [i, input] of inputs.entries()) {
      const { job } = input;
      expect(byId.get(input.id)?.job).toBe(
        JSON.stringify({ backends: job.backends, message: job.message, meta: undefined }),
      );
      expect(byId.get(input.id)?.last_error).toBe(i % 2 === 0 ? awkward[i] : null);
    }
    const jobs = await store.findQueuedJobs({ before: new Date(1_600_000_001_000), limit: 1000 });
    for (const input of inputs)
      expect(jobs.find((j) => j.id === input.id)).toMatchObject({
        backends: input.job.backends,
        message: input.job.message,
      });
  });

  it('rejects only the callers whose row broke a batch statement', async () => {
    const ids = [`bad_${kind}_1`, `bad_${kind}_2`, `bad_${kind}_3`];
    await store.createMany(
      ids.map((id) => ({ id, channel: 'sms', backend: 'tw', recipient: '+1' })),
    );
    const outcomes = await Promise.allSettled(
      ids.map((id, i) =>
        // attempts out of the integer range: the database refuses that row only
        store.transition(id, 'sending', { attempts: i === 1 ? 2 ** 40 : 1 }),
      ),
    );
    expect(outcomes.map((o) => o.status)).toEqual(
      kind === 'postgres'
        ? ['fulfilled', 'rejected', 'fulfilled']
        : ['fulfilled', expect.any(String), 'fulfilled'],
    );
    expect((await store.get(ids[0]))?.status).toBe('sending');
    expect((await store.get(ids[2]))?.status).toBe('sending');
  });

  it('flush() writes the transitions still waiting for their window', async () => {
    const windowed = new DatabaseDeliveryStore(db.dataSource, {
      batchTransitions: { windowMs: 60_000 },
    });
    const { record } = await windowed.create({
      id: `flush_${kind}`,
      channel: 'sms',
      backend: 'tw',
      recipient: '+1',
    });
    let moved = false;
    const pending = windowed.transition(record.id, 'sending', { attempts: 1 }).then((r) => {
      moved = true;
      return r;
    });
    await new Promise((r) => setTimeout(r, 20));
    // PostgreSQL holds it for the window; SQLite writes it at once
    expect(moved).toBe(kind === 'sqlite');
    await windowed.flush();
    expect((await pending).status).toBe('sending');
    expect((await store.get(record.id))?.status).toBe('sending');
  });
});
