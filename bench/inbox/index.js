/**
 * bench/inbox: Herald's inbox on PostgreSQL (getInbox p50/p99 at 100,000
 * messages, countUnread, markAllRead of 10,000, send throughput) against the
 * hand-made TypeORM inbox a user would otherwise write, and the live bell's
 * SSE fan-out to 1,000 connections against a bare node:http broadcaster.
 * BENCH_INBOX_PARTS=inbox,million,sse picks parts (default: all).
 * Needs `npm run build` (requires the built packages) and PostgreSQL on 127.0.0.1:5432.
 */
const { report } = require('../harness');
const { inboxBench, millionBench, pct } = require('./postgres-inbox');
const { fanoutBench } = require('./sse-fanout');

async function main() {
  const results = {};
  const only = process.env.BENCH_INBOX_PARTS?.split(',');
  const part = (name) => !only || only.includes(name);
  if (part('inbox')) await inboxBench(results);
  if (part('million')) await millionBench(results);
  if (part('sse')) {
    await fanoutBench(results, pct);
    const p50 = results.sse_fanout_p50;
    p50.target = 1.3;
    p50.met = p50.ratio <= 1.3;
  }
  report('inbox', results, {
    peers: {
      inbox: 'TypeORM repository: find({ skip, take }) + count() / update() / insert()',
      sse: 'bare node:http server that stores the message in SQLite (better-sqlite3), counts the unread ones and writes one frame to every open response',
    },
  });
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
