/**
 * The measuring half of bench/inbox's 1,000,000-message case, started by
 * `millionBench` (postgres-inbox.js) in a fresh `node --expose-gc` process once
 * the table is seeded, vacuumed and checkpointed, so that this process pays
 * for no seeding garbage and PostgreSQL is not flushing the seed meanwhile.
 *
 * `node --expose-gc bench/inbox/million-measure.js <schema> <user> <pages> <part>`
 * prints one JSON line for `pages` random page depths (keyset cursors of the
 * real rows). Each part runs in a process and a loop of its own, since both
 * share what the heap's young generation costs (see docs/benchmarks.md):
 *
 *  - `herald`: `InboxService.getInbox()` (page + unread count) on a
 *    `DatabaseInboxStore`, and Node's CPU per call;
 *  - `hand`: the statements it sends, by hand on a plain `pg` client in its
 *    usual promise form (named, so prepared: the page with the count, the page
 *    alone, the count alone), PostgreSQL's own execution time of each
 *    (EXPLAIN ANALYZE, TIMING OFF) at random depths, and the plans.
 */
const { performance } = require('node:perf_hooks');
const { Client } = require('pg');
const { DataSource } = require('typeorm');
const { InboxService } = require('@herald/notification/inbox');
const { DatabaseInboxStore, inboxMessageEntity } = require('@herald/notification/typeorm');
const { InboxConfig } = require('@herald/contracts');

const { PG, pgDataSource } = require('../postgres');
const COLUMNS =
  'id, user_id, title, body, category, action_url, data, read_at, seen_at, archived_at, snoozed_until, listed_at, tags, severity, actions, created_at, expires_at';

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
  const [schema, user, pagesArg, part] = process.argv.slice(2);
  if (part !== 'herald' && part !== 'hand')
    throw new Error(`part must be herald or hand, not ${part}`);
  const table = `"${schema}".herald_inbox_messages`;
  const raw = new Client(PG);
  await raw.connect();
  // the position after every 50th message, newest first: the cursor of every page
  const { rows: marks } = await raw.query(
    `SELECT listed_at, id FROM (SELECT listed_at, id, row_number() OVER (ORDER BY listed_at DESC, id DESC) AS rn
       FROM ${table} WHERE user_id = $1) s WHERE rn % 50 = 0 ORDER BY rn`,
    [user],
  );
  const cursorOf = (m) => m && Buffer.from(`${m.listed_at}.${m.id}`, 'utf8').toString('base64url');
  const ds = new DataSource(
    pgDataSource(schema, {
      entities: [inboxMessageEntity()],
      extra: { max: 20 },
    }),
  );
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
    // The statements DatabaseInboxStore sends: getInbox() is one statement, the
    // default list's page (no expiry test: the store checks the rows, and its
    // LIMIT in the text) with the user's counter row (the counts, and the bounds
    // that say no counted message is snoozed or expired, so no correction is
    // due); the page alone, the counter row alone, and the count over the
    // user's rows that getInbox() ran before the counter (the reference).
    const counters = `"${schema}".herald_inbox_counters`;
    const inbox_ = (a) =>
      `archived_at IS NULL AND (snoozed_until IS NULL OR snoozed_until <= $${a})`;
    const countRowsSql = (a = 1, state = 'read_at IS NULL') =>
      `SELECT COUNT(*) AS n FROM ${table} WHERE user_id = $${a} AND expires_at > $${a + 1} AND ${inbox_(a + 2)} AND ${state}`;
    const counterColumns = (a) =>
      ['unread', 'unseen', 'snoozed_until_max', 'expires_at_min']
        .map(
          (column, i) =>
            `(SELECT ${column} FROM ${counters} WHERE user_id = $${a + i}) AS c_${column}`,
        )
        .join(', ');
    const counterSql = () => `SELECT ${counterColumns(1)}`;
    const pageSql = (withCount, withCursor) => {
      const a = withCount ? 5 : 1;
      return `SELECT ${COLUMNS}${withCount ? `, ${counterColumns(1)}` : ''} FROM ${table}
        WHERE user_id = $${a} AND ${inbox_(a + 1)}
        ${withCursor ? `AND (listed_at, id) < ($${a + 2}, $${a + 3})` : ''}
        ORDER BY listed_at DESC, id DESC LIMIT 51`;
    };
    const after = (d) => (d === 0 ? [] : [marks[d - 1].listed_at, marks[d - 1].id]);
    const statements = {
      both: (d, now) => [pageSql(true, d > 0), [user, user, user, user, user, now, ...after(d)]],
      page: (d, now) => [pageSql(false, d > 0), [user, now, ...after(d)]],
      count: () => [counterSql(), [user, user, user, user]],
      countRows: (d, now) => [countRowsSql(), [user, now, now]],
    };
    const byHand = Object.fromEntries(
      Object.entries(statements).map(([name, statement]) => [
        name,
        (d) => {
          const [text, values] = statement(d, Date.now());
          return raw.query({ name: `bench_${name}_${d > 0}`, text, values });
        },
      ]),
    );

    const result = {
      messages: total,
      pages: pagesTotal,
      unread: expectedUnread,
      measuredCalls: pages,
    };
    if (part === 'herald') {
      // warm-up: JIT, every pool connection's prepared statements, PostgreSQL's caches
      await Promise.all(Array.from({ length: 20 }, () => page(depth())));
      for (let i = 0; i < Math.min(1000, pages); i++) await page(depth());
      await settle();

      // Node's CPU per getInbox() call: user + system time of this process, every thread
      const cpuCalls = Math.min(2000, pages);
      const cpuStart = process.cpuUsage();
      const wallStart = performance.now();
      for (let i = 0; i < cpuCalls; i++) await page(depth());
      const cpu = process.cpuUsage(cpuStart);
      const wallMs = performance.now() - wallStart;
      await settle();

      // latency at random depths
      const herald = [];
      const eluStart = performance.eventLoopUtilization();
      for (let i = 0; i < pages; i++) {
        const d = depth();
        const t = performance.now();
        const answer = await page(d);
        herald.push(performance.now() - t);
        check(answer, d);
      }
      const elu = performance.eventLoopUtilization(eluStart);
      const getInboxMs = stats(herald);
      // how PostgreSQL planned getInbox()'s statement on the pool's last-used connection
      const [plans] = await ds.query(
        `SELECT SUM(generic_plans) AS generic, SUM(custom_plans) AS custom FROM pg_prepared_statements WHERE statement LIKE 'SELECT id, user_id%'`,
      );
      Object.assign(result, {
        getInboxMs,
        target: { getInboxP99Ms: 2, met: getInboxMs.p99 < 2 },
        nodeCpuPerGetInboxUs: Math.round(((cpu.user + cpu.system) / cpuCalls) * 10) / 10,
        nodeCpuShareOfWall: Math.round(((cpu.user + cpu.system) / 1000 / wallMs) * 100) / 100,
        eventLoopUtilization: Math.round(elu.utilization * 100) / 100,
        statementPlans: { generic: Number(plans.generic), custom: Number(plans.custom) },
      });
      process.stdout.write(`${JSON.stringify(result)}\n`);
      return;
    }

    // part 'hand': the statements by hand, interleaved at the same random depths
    for (let i = 0; i < Math.min(1000, pages); i++) {
      const d = depth();
      for (const run of Object.values(byHand)) await run(d);
    }
    await settle();
    const hand = { both: [], page: [], count: [], countRows: [] };
    for (let i = 0; i < pages; i++) {
      const d = depth();
      for (const [name, run] of Object.entries(byHand)) {
        if (name === 'countRows') continue;
        const t = performance.now();
        await run(d);
        hand[name].push(performance.now() - t);
      }
    }
    // the reference count over the rows, in a loop of its own: a statement of
    // ~10 ms of PostgreSQL CPU between the calls above would put its aftermath
    // (buffers, the scheduler of a 2-core machine) into their tails
    await settle();
    for (let i = 0; i < Math.min(pages, 500); i++) {
      const t = performance.now();
      await byHand.countRows(depth());
      hand.countRows.push(performance.now() - t);
    }

    // PostgreSQL's own execution time of the same statements at 300 of the depths
    const explain = async (text, values, timing = false) =>
      (
        await raw.query(
          `EXPLAIN (ANALYZE, TIMING ${timing ? 'ON' : 'OFF'}, FORMAT JSON) ${text}`,
          values,
        )
      ).rows[0]['QUERY PLAN'][0];
    const server = { both: [], page: [], count: [], countRows: [] };
    for (let i = 0; i < 300; i++) {
      const d = 1 + Math.floor(random() * (pagesTotal - 1));
      for (const [name, statement] of Object.entries(statements))
        server[name].push((await explain(...statement(d, Date.now())))['Execution Time']);
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
    const plans = {};
    for (const [name, statement] of Object.entries(statements))
      plans[name] = planOf(await explain(...statement(pagesTotal >> 1, Date.now()), true));
    process.stdout.write(
      `${JSON.stringify({
        ...result,
        byHand: {
          getInboxStatementMs: stats(hand.both),
          pageMs: stats(hand.page),
          countMs: stats(hand.count),
          countRowsMs: stats(hand.countRows),
          note: "the statements DatabaseInboxStore sends, on a plain pg client, named (prepared): the default list page with the user's counter row (what getInbox() runs while no counted message is snoozed or expired), the page alone, the counter row alone, and (countRows) the COUNT over the user's rows that getInbox() ran before the counter",
        },
        serverExecutionMs: {
          getInboxStatement: stats(server.both),
          page: stats(server.page),
          count: stats(server.count),
          countRows: stats(server.countRows),
        },
        plans,
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
