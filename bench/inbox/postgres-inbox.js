/**
 * The PostgreSQL half of bench/inbox (a private schema, dropped at the end):
 *
 *  - getInbox p50/p99 for a user with 100,000 messages (random page depths,
 *    keyset cursor) vs. the hand-made TypeORM inbox (find with skip/take + count)
 *  - countUnread vs. repository.count
 *  - markAllRead of 10,000 messages vs. repository.update
 *  - send throughput (sequential and 20 concurrent) vs. repository.insert
 *  - getInbox latency for a user with 1,000,000 messages, measured in a fresh
 *    process after seeding, with the plans and server-side times (millionBench);
 *    BENCH_MEASURE_NODE_ARGS passes flags to that process (`--trace-gc`,
 *    `--max-semi-space-size=64`)
 */
const { performance } = require('node:perf_hooks');
const { Client } = require('pg');
const { DataSource, IsNull } = require('typeorm');
const { InboxService } = require('@herald/notification/inbox');
const {
  CreateInboxMessages1732300000000,
  AddInboxMessageStates1736200000000,
  CreateInboxCounters1736700000000,
  AddInboxCounterBounds1736800000000,
  DatabaseInboxStore,
  inboxMessageEntity,
} = require('@herald/notification/typeorm');
const { InboxConfig } = require('@herald/contracts');
const { compare, median } = require('../harness');

const { PG, pgDataSource } = require('../postgres');
const SCHEMA = `herald_inbox_bench_${process.pid}`;
const USER = 'bench-user';
const DAY = 86_400_000;

const pct = (values, p) => {
  const s = [...values].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(p * s.length))];
};
const timed = async (fn) => {
  const t = performance.now();
  await fn();
  return performance.now() - t;
};

async function seed(admin, base) {
  const table = `"${SCHEMA}".herald_inbox_messages`;
  const id = `substr(h,1,8)||'-'||substr(h,9,4)||'-7'||substr(h,14,3)||'-8'||substr(h,18,3)||'-'||substr(h,21,12)`;
  const rows = (user, n, tag, unreadEvery) => `
    INSERT INTO ${table} (id, user_id, title, body, read_at, seen_at, listed_at, created_at, expires_at)
    SELECT ${id}, ${user}, 'Message ' || g, 'Body of message ' || g,
      CASE WHEN g % ${unreadEvery} = 0 THEN NULL ELSE ${base} + g END,
      CASE WHEN g % ${unreadEvery} = 0 THEN NULL ELSE ${base} + g END,
      ${base} + g, ${base} + g, ${base} + g + ${30 * DAY}
    FROM (SELECT g, md5('${tag}' || g::text) AS h FROM generate_series(1, ${n}) g) s`;
  await admin.query(rows(`'${USER}'`, 100_000, 'main', 3));
  await admin.query(rows(`'noise-' || (g % 2000)`, 200_000, 'noise', 2));
  await admin.query(`ANALYZE ${table}`);
}

async function inboxBench(results) {
  const admin = new Client(PG);
  await admin.connect();
  await admin.query(`CREATE SCHEMA "${SCHEMA}"`);
  const ds = new DataSource(
    pgDataSource(SCHEMA, {
      entities: [inboxMessageEntity()],
      migrations: [
        CreateInboxMessages1732300000000,
        AddInboxMessageStates1736200000000,
        CreateInboxCounters1736700000000,
        AddInboxCounterBounds1736800000000,
      ],
      extra: { max: 20 },
    }),
  );
  try {
    await ds.initialize();
    await ds.runMigrations();
    const base = Date.now() - 200_000;
    await seed(admin, base);
    const store = new DatabaseInboxStore(ds);
    const inbox = new InboxService(store, { config: new InboxConfig({ maxPageSize: 50 }) });
    const repo = ds.getRepository(inboxMessageEntity());

    // cursors of every page, by walking the inbox once
    const cursors = [undefined];
    for (let c; ;) {
      const page = await inbox.getInbox(USER, { limit: 50, cursor: c });
      if (!page.nextCursor) break;
      cursors.push((c = page.nextCursor));
    }
    const depths = Array.from({ length: 300 }, (_, i) => (i * 7919) % cursors.length);
    const herald = [];
    const peer = [];
    for (const d of depths.slice(0, 20)) await inbox.getInbox(USER, { cursor: cursors[d] }); // warm-up
    for (const d of depths) {
      herald.push(await timed(() => inbox.getInbox(USER, { limit: 50, cursor: cursors[d] })));
      peer.push(
        await timed(() =>
          Promise.all([
            repo.find({
              where: { userId: USER },
              order: { createdAt: 'DESC', id: 'DESC' },
              skip: d * 50,
              take: 50,
            }),
            repo.count({ where: { userId: USER, readAt: IsNull() } }),
          ]),
        ),
      );
    }
    results.getInbox_100k_p50 = compare(pct(herald, 0.5), pct(peer, 0.5), 'ms');
    results.getInbox_100k_p99 = compare(pct(herald, 0.99), pct(peer, 0.99), 'ms');
    results.pages = cursors.length;

    const h = [];
    const p = [];
    for (let i = 0; i < 100; i++) {
      h.push(await timed(() => inbox.countUnread(USER)));
      p.push(await timed(() => repo.count({ where: { userId: USER, readAt: IsNull() } })));
    }
    results.countUnread_100k_p50 = compare(pct(h, 0.5), pct(p, 0.5), 'ms');
    results.unread_of_100k = await inbox.countUnread(USER);

    const markUser = 'bench-mark';
    await admin.query(`INSERT INTO "${SCHEMA}".herald_inbox_messages (id, user_id, title, body, listed_at, created_at, expires_at)
      SELECT substr(h,1,8)||'-'||substr(h,9,4)||'-7'||substr(h,14,3)||'-8'||substr(h,18,3)||'-'||substr(h,21,12),
        '${markUser}', 't', 'b', ${base} + g, ${base} + g, ${base} + g + ${30 * DAY}
      FROM (SELECT g, md5('mark' || g::text) AS h FROM generate_series(1, 10000) g) s`);
    const reset = () =>
      admin.query(
        `UPDATE "${SCHEMA}".herald_inbox_messages SET read_at = NULL WHERE user_id = $1`,
        [markUser],
      );
    const hm = [];
    const pm = [];
    for (let i = 0; i < 5; i++) {
      let marked = 0;
      hm.push(await timed(async () => (marked = await inbox.markAllRead(markUser))));
      if (marked !== 10_000) throw new Error(`markAllRead marked ${marked}, expected 10000`);
      await reset();
      pm.push(
        await timed(() =>
          repo.update({ userId: markUser, readAt: IsNull() }, { readAt: new Date() }),
        ),
      );
      await reset();
    }
    results.markAllRead_10k = compare(median(hm), median(pm), 'ms');

    const N = 2000;
    const sendUser = 'bench-send';
    const input = (i) => ({ title: `Send ${i}`, body: 'throughput' });
    for (let i = 0; i < 200; i++) {
      await inbox.send(sendUser, input(i)); // warm-up, both sides
      await repo.insert(peerRow(sendUser, -i - 1));
    }
    const hs = await timed(async () => {
      for (let i = 0; i < N; i++) await inbox.send(sendUser, input(i));
    });
    const ps = await timed(async () => {
      for (let i = 0; i < N; i++) await repo.insert(peerRow(sendUser, i));
    });
    results.send_sequential = compare((N / hs) * 1000, (N / ps) * 1000, 'messages/s');
    const hc = await timed(() => inParallel(N, 20, (i) => inbox.send(sendUser, input(i))));
    const pc = await timed(() => inParallel(N, 20, (i) => repo.insert(peerRow(sendUser, N + i))));
    results.send_concurrency_20 = compare((N / hc) * 1000, (N / pc) * 1000, 'messages/s');
  } finally {
    if (ds.isInitialized) await ds.destroy();
    await admin.query(`DROP SCHEMA IF EXISTS "${SCHEMA}" CASCADE`);
    await admin.end();
  }
}

/**
 * One user with 1,000,000 messages (seeded by generate_series in SQL, 1 % of
 * them unread, so the unread count walks 10,000 index entries). This process
 * creates and seeds the table, VACUUM ANALYZEs it and CHECKPOINTs (so the
 * measurement does not share the disk with the flush of the seed), then
 * million-measure.js measures in a fresh `node --expose-gc` process: Herald's
 * `getInbox()` (page + unread count) at `BENCH_INBOX_1M_PAGES` (default 3000)
 * random depths by keyset cursor, the same statements by hand on a plain `pg`
 * client, PostgreSQL's own execution time of each, the plans, and Node's CPU
 * per call. The schema is dropped at the end.
 */
async function millionBench(results) {
  const admin = new Client(PG);
  await admin.connect();
  const schema = `${SCHEMA}_1m`;
  await admin.query(`CREATE SCHEMA "${schema}"`);
  const ds = new DataSource(
    pgDataSource(schema, {
      migrations: [
        CreateInboxMessages1732300000000,
        AddInboxMessageStates1736200000000,
        CreateInboxCounters1736700000000,
        AddInboxCounterBounds1736800000000,
      ],
    }),
  );
  const user = 'bench-million';
  const table = `"${schema}".herald_inbox_messages`;
  try {
    await ds.initialize();
    await ds.runMigrations();
    await ds.destroy();
    const base = Date.now() - 2_000_000;
    const seedStarted = performance.now();
    await admin.query(`INSERT INTO ${table} (id, user_id, title, body, read_at, seen_at, listed_at, created_at, expires_at)
      SELECT substr(h,1,8)||'-'||substr(h,9,4)||'-7'||substr(h,14,3)||'-8'||substr(h,18,3)||'-'||substr(h,21,12),
        '${user}', 'Message ' || g, 'Body of message ' || g,
        CASE WHEN g % 100 = 0 THEN NULL ELSE ${base} + g END,
        CASE WHEN g % 100 = 0 THEN NULL ELSE ${base} + g END,
        ${base} + g, ${base} + g, ${base} + g + ${30 * DAY}
      FROM (SELECT g, md5('million' || g::text) AS h FROM generate_series(1, 1000000) g) s`);
    await admin.query(`VACUUM ANALYZE ${table}`);
    await admin.query('CHECKPOINT');
    const seedMs = performance.now() - seedStarted;
    const pages = process.env.BENCH_INBOX_1M_PAGES ?? '3000';
    const loadBefore = require('node:os').loadavg()[0];
    // Herald and the statements by hand each in a fresh process of its own
    const measured = {
      ...(await measureInChild([schema, user, pages, 'herald'])),
      ...(await measureInChild([schema, user, pages, 'hand'])),
    };
    results.inbox_1m = {
      seedSeconds: Math.round(seedMs / 100) / 10,
      ...measured,
      loadAverage1m: { before: loadBefore, after: require('node:os').loadavg()[0] },
      note: 'getInboxMs is InboxService.getInbox() on a DatabaseInboxStore as the caller sees it (pool, network, event loop and PostgreSQL on a shared 2-core machine); byHand is the same SQL on a plain pg client; serverExecutionMs is EXPLAIN (ANALYZE, TIMING OFF) of the same statements at random depths',
    };
    console.error(`inbox_1m: ${JSON.stringify(results.inbox_1m)}`);
  } finally {
    if (ds.isInitialized) await ds.destroy();
    await admin.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
    await admin.end();
  }
}

/** Runs million-measure.js in a fresh process and returns the JSON line it prints. */
function measureInChild(args) {
  const { execFile } = require('node:child_process');
  return new Promise((resolve, reject) =>
    execFile(
      process.execPath,
      [
        '--expose-gc',
        ...(process.env.BENCH_MEASURE_NODE_ARGS?.split(' ').filter(Boolean) ?? []),
        require.resolve('./million-measure'),
        ...args,
      ],
      { maxBuffer: 1 << 20 },
      (error, stdout, stderr) =>
        error
          ? reject(new Error(`million-measure failed: ${stderr || error.message}`))
          : resolve(JSON.parse(stdout)),
    ),
  );
}

function peerRow(userId, i) {
  const now = Date.now();
  const hex = require('node:crypto').randomBytes(16).toString('hex');
  return {
    id: `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-8${hex.slice(17, 20)}-${hex.slice(20, 32)}`,
    userId,
    title: `Send ${i}`,
    body: 'throughput',
    readAt: null,
    createdAt: new Date(now),
    expiresAt: new Date(now + 30 * DAY),
  };
}

async function inParallel(n, width, fn) {
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < n) await fn(next++);
    }),
  );
}

module.exports = { inboxBench, millionBench, pct };
