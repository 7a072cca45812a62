/**
 * The measuring half of bench/inbox's 1,000,000-message case, started by
 * `millionBench` (postgres-inbox.js) in a fresh `node --expose-gc` process once
 * the table is seeded, vacuumed and checkpointed, so that this process pays
 * for no seeding garbage and PostgreSQL is not flushing the seed meanwhile.
 *
 * `node --expose-gc bench/inbox/million-measure.js <schema> <user> <pages>`
 * prints one JSON line: for `pages` random page depths (keyset cursors of the
 * real rows), Herald's `InboxService.getInbox()` (page + unread count) on a
 * `DatabaseInboxStore`, the same two statements by hand on a plain `pg`
 * client (named, so prepared), and PostgreSQL's own execution time of each
 * (EXPLAIN ANALYZE, TIMING OFF) at the same depths.
 */
const { performance } = require('node:perf_hooks');
const { Client } = require('pg');
const { DataSource } = require('typeorm');
const { InboxService } = require('@herald/notification/inbox');
const { DatabaseInboxStore, inboxMessageEntity } = require('@herald/notification/typeorm');
const { InboxConfig } = require('@herald/contracts');

const PG = { host: '127.0.0.1', port: 5432, user: 'postgres', database: 'test' };
const COLUMNS =
  'id, user_id, title, body, category, action_url, data, read_at, created_at, expires_at';

const pct = (values, p) => {
  const s = [...values].sort((a, b) => a - b);
  return Math.round(s[Math.min(s.length - 1, Math.floor(p * s.length))] * 1000) / 1000;
};
const stats = (values) => ({ p50: pct(values, 0.5), p99: pct(values, 0.99), max: pct(values, 1) });
const settle = async () => {
  global.gc?.();
  await new Promise((resolve) => setTimeout(resolve, 200));
};

async function main() {
  const [schema, user, pagesArg] = process.argv.slice(2);
  const table = `"${schema}".herald_inbox_messages`;
  const raw = new Client(PG);
  await raw.connect();
  // the position after every 50th message, newest first: the cursor of every page
  const { rows: marks } = await raw.query(
    `SELECT created_at, id FROM (SELECT created_at, id, row_number() OVER (ORDER BY created_at DESC, id DESC) AS rn
       FROM ${table} WHERE user_id = $1) s WHERE rn % 50 = 0 ORDER BY rn`,
    [user],
  );
  const cursorOf = (m) => m && Buffer.from(`${m.created_at}.${m.id}`, 'utf8').toString('base64url');
  const ds = new DataSource({
    type: 'postgres',
    host: PG.host,
    port: PG.port,
    username: PG.user,
    database: PG.database,
    schema,
    entities: [inboxMessageEntity()],
    extra: { max: 20 },
  });
  await ds.initialize();
  try {
    const inbox = new InboxService(new DatabaseInboxStore(ds), {
      config: new InboxConfig({ maxPageSize: 50 }),
    });
    const {
      rows: [counts],
    } = await raw.query(
      `SELECT COUNT(*) AS total, COUNT(*) FILTER (WHERE read_at IS NULL) AS unread
         FROM ${table} WHERE user_id = $1 AND expires_at > $2`,
      [user, Date.now()],
    );
    const total = Number(counts.total);
    const expectedUnread = Number(counts.unread);
    const pagesTotal = Math.ceil(total / 50);
    // page d starts after marks[d - 1] (page 0: no cursor); random depths, reproducible
    let seed = 42;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    const depth = () => Math.floor(random() * pagesTotal);
    const pages = Number(pagesArg);
    const page = (d) => inbox.getInbox(user, { limit: 50, cursor: cursorOf(marks[d - 1]) });
    const check = (result, d) => {
      const expected = Math.min(50, total - d * 50);
      if (result.notifications.length !== expected || result.unreadCount !== expectedUnread)
        throw new Error(
          `depth ${d}: ${result.notifications.length} messages, unread ${result.unreadCount}`,
        );
    };
    const pageSql = `SELECT ${COLUMNS} FROM ${table}
      WHERE user_id = $1 AND expires_at > $2 AND (created_at, id) < ($3, $4)
      ORDER BY created_at DESC, id DESC LIMIT 51`;
    const countSql = `SELECT COUNT(*) AS n FROM ${table} WHERE user_id = $1 AND read_at IS NULL AND expires_at > $2`;
    const rawPage = (d) =>
      d === 0
        ? raw.query({
            name: 'bench_page0',
            text: `SELECT ${COLUMNS} FROM ${table} WHERE user_id = $1 AND expires_at > $2 ORDER BY created_at DESC, id DESC LIMIT 51`,
            values: [user, Date.now()],
          })
        : raw.query({
            name: 'bench_page',
            text: pageSql,
            values: [user, Date.now(), marks[d - 1].created_at, marks[d - 1].id],
          });
    const rawCount = () =>
      raw.query({ name: 'bench_count', text: countSql, values: [user, Date.now()] });

    // warm-up: JIT, every pool connection's prepared statements, PostgreSQL's caches
    const warm = Math.min(1000, pages);
    await Promise.all(Array.from({ length: 20 }, () => page(depth())));
    for (let i = 0; i < warm; i++) {
      const d = depth();
      await page(d);
      await rawPage(d);
      await rawCount();
    }
    await settle();

    // Node's CPU per getInbox() call: user + system time of this process, every thread
    const cpuCalls = Math.min(2000, pages);
    const cpuStart = process.cpuUsage();
    const wallStart = performance.now();
    for (let i = 0; i < cpuCalls; i++) await page(depth());
    const cpu = process.cpuUsage(cpuStart);
    const wallMs = performance.now() - wallStart;
    await settle();

    // latency at random depths, the three interleaved
    const herald = [];
    const hand = [];
    const handCount = [];
    const eluStart = performance.eventLoopUtilization();
    for (let i = 0; i < pages; i++) {
      const d = depth();
      let t = performance.now();
      const result = await page(d);
      herald.push(performance.now() - t);
      check(result, d);
      t = performance.now();
      await rawPage(d);
      hand.push(performance.now() - t);
      t = performance.now();
      await rawCount();
      handCount.push(performance.now() - t);
    }
    const elu = performance.eventLoopUtilization(eluStart);

    // PostgreSQL's own execution time of the same statements at 300 of the depths
    const explain = async (text, values, timing = false) =>
      (
        await raw.query(
          `EXPLAIN (ANALYZE, TIMING ${timing ? 'ON' : 'OFF'}, FORMAT JSON) ${text}`,
          values,
        )
      ).rows[0]['QUERY PLAN'][0];
    const serverPage = [];
    const serverCount = [];
    for (let i = 0; i < 300; i++) {
      const d = 1 + Math.floor(random() * (pagesTotal - 1));
      const m = marks[d - 1];
      serverPage.push(
        (await explain(pageSql, [user, Date.now(), m.created_at, m.id]))['Execution Time'],
      );
      serverCount.push((await explain(countSql, [user, Date.now()]))['Execution Time']);
    }
    const planOf = (p) => {
      const nodes = [];
      const walk = (n) => {
        nodes.push(`${n['Node Type']}${n['Index Name'] ? ` using ${n['Index Name']}` : ''}`);
        (n.Plans ?? []).forEach(walk);
      };
      walk(p.Plan);
      return nodes.join(' > ');
    };
    const mid = marks[marks.length >> 1];
    const getInboxMs = stats(herald);
    process.stdout.write(
      `${JSON.stringify({
        messages: total,
        pages: pagesTotal,
        unread: expectedUnread,
        measuredCalls: pages,
        getInboxMs,
        target: { getInboxP99Ms: 5, met: getInboxMs.p99 < 5 },
        byHand: {
          pageMs: stats(hand),
          countMs: stats(handCount),
          note: 'the same two statements on a plain pg client, named (prepared), one after the other',
        },
        serverExecutionMs: { page: stats(serverPage), count: stats(serverCount) },
        plans: {
          page: planOf(await explain(pageSql, [user, Date.now(), mid.created_at, mid.id], true)),
          count: planOf(await explain(countSql, [user, Date.now()], true)),
        },
        nodeCpuPerGetInboxUs: Math.round(((cpu.user + cpu.system) / cpuCalls) * 10) / 10,
        nodeCpuShareOfWall: Math.round(((cpu.user + cpu.system) / 1000 / wallMs) * 100) / 100,
        eventLoopUtilization: Math.round(elu.utilization * 100) / 100,
      })}\n`,
    );
  } finally {
    await ds.destroy();
    await raw.end();
  }
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
