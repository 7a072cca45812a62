/**
 * The SSE half of bench/inbox: latency from `InboxService.send()` until each
 * of 1,000 open streams of the same user has the `inbox.sent` event, through
 * the demo's realtime hub and stream (AppModule booted from apps/demo/dist,
 * in-memory SQLite), against a bare node:http SSE broadcaster that stores the
 * same message in SQLite, counts the unread ones and writes one pre-serialised
 * frame to every response. Loopback only; bounded. Each side gets one
 * uncounted warm-up round (the shared client code and the side's own path
 * compile there, not in the first counted round), then ROUNDS counted ones;
 * a figure is the median of the rounds' percentiles.
 */
const http = require('node:http');
const { performance } = require('node:perf_hooks');
const { compare } = require('../harness');

const CONNECTIONS = 1000;
const ROUNDS = 9;
const WARMUP = 1;

function openStreams(port, path, headers, n, eventName) {
  const agent = new http.Agent({ keepAlive: false, maxSockets: Infinity });
  const streams = [];
  return new Promise((resolve, reject) => {
    let ready = 0;
    for (let i = 0; i < n; i++) {
      const stream = { waiting: undefined, req: undefined };
      stream.req = http.get({ host: '127.0.0.1', port, path, headers, agent }, (res) => {
        res.setEncoding('utf8');
        let buffer = '';
        let counted = false;
        res.on('data', (chunk) => {
          buffer += chunk;
          if (!counted && buffer.includes('\n\n')) {
            counted = true;
            if (++ready === n) resolve({ streams, agent });
          }
          if (stream.waiting && buffer.includes(`event: ${eventName}`)) {
            stream.waiting(performance.now());
            stream.waiting = undefined;
          }
          buffer = buffer.slice(-200);
        });
      });
      stream.req.on('error', reject);
      streams.push(stream);
    }
  });
}

/**
 * Latencies (ms) of one round: `trigger()` at t0, each stream's receipt after
 * it; `cpuMs` on the array is the process's CPU time over the round (the
 * side's server path plus the same 1,000 client streams reading the event).
 */
async function round(streams, trigger) {
  const received = streams.map((s) => new Promise((resolve) => (s.waiting = resolve)));
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  await trigger();
  const times = await Promise.race([
    Promise.all(received),
    new Promise((_, reject) =>
      setTimeout(() => reject(new Error('fan-out round timed out')), 30_000),
    ),
  ]);
  const cpu = process.cpuUsage(cpu0);
  const latencies = times.map((t) => t - t0);
  latencies.cpuMs = (cpu.user + cpu.system) / 1000;
  return latencies;
}

async function heraldFanout() {
  process.env.DEMO_DATABASE_URL = 'sqlite::memory:';
  process.env.DEMO_SSE_HEARTBEAT_MS = '60000';
  const { NestFactory } = require('@nestjs/core');
  const { AppModule } = require('../../apps/demo/dist/app.module');
  const { InboxService } = require('@herald/notification/inbox');
  const app = await NestFactory.create(AppModule, { logger: false });
  await app.listen(0, '127.0.0.1');
  const port = app.getHttpServer().address().port;
  try {
    const login = await fetch(`http://127.0.0.1:${port}/auth/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ user: 'alice' }),
    }).then((r) => r.json());
    const headers = { Authorization: `Bearer ${login.token}`, Accept: 'text/event-stream' };
    const { streams, agent } = await openStreams(
      port,
      '/admin/notifications/stream',
      headers,
      CONNECTIONS,
      'inbox.sent',
    );
    const inbox = app.get(InboxService);
    const rounds = [];
    for (let r = -WARMUP; r < ROUNDS; r++) {
      const latencies = await round(streams, () =>
        inbox.send('alice', { title: `fan-out ${r}`, body: '' }),
      );
      if (r >= 0) rounds.push(latencies);
    }
    streams.forEach((s) => s.req.destroy());
    agent.destroy();
    return rounds;
  } finally {
    await app.close();
  }
}

/**
 * The hand-written peer does the same work per event as Herald's path: it
 * stores the message (an INSERT into an indexed in-memory SQLite table
 * through better-sqlite3) and counts the user's unread messages, then writes
 * one pre-serialised frame to every open response.
 */
function bareStore() {
  const Database = require('better-sqlite3');
  const db = new Database(':memory:');
  db.exec(`CREATE TABLE inbox (id TEXT PRIMARY KEY, user_id TEXT NOT NULL, title TEXT NOT NULL,
             body TEXT NOT NULL, read INTEGER NOT NULL DEFAULT 0, created_at INTEGER NOT NULL);
           CREATE INDEX inbox_user_created ON inbox (user_id, created_at DESC, id DESC);`);
  const insert = db.prepare(
    'INSERT INTO inbox (id, user_id, title, body, created_at) VALUES (?, ?, ?, ?, ?)',
  );
  const unread = db.prepare('SELECT COUNT(*) AS n FROM inbox WHERE user_id = ? AND read = 0');
  return {
    send(userId, title) {
      const id = require('node:crypto').randomUUID();
      insert.run(id, userId, title, '', Date.now());
      return { id, unread: unread.get(userId).n };
    },
    close: () => db.close(),
  };
}

async function bareFanout() {
  const store = bareStore();
  const clients = new Set();
  const server = http.createServer((req, res) => {
    res.writeHead(200, { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-cache' });
    res.write('retry: 2000\n\n');
    clients.add(res);
    req.on('close', () => clients.delete(res));
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = server.address().port;
  try {
    const { streams, agent } = await openStreams(port, '/', {}, CONNECTIONS, 'inbox.sent');
    const rounds = [];
    let id = 0;
    for (let r = -WARMUP; r < ROUNDS; r++) {
      const latencies = await round(streams, async () => {
        const sent = store.send('alice', `fan-out ${r}`);
        const frame = `id: ${++id}\nevent: inbox.sent\ndata: ${JSON.stringify({ id: sent.id, title: `fan-out ${r}`, unread_count: sent.unread })}\n\n`;
        for (const res of clients) res.write(frame);
      });
      if (r >= 0) rounds.push(latencies);
    }
    streams.forEach((s) => s.req.destroy());
    agent.destroy();
    return rounds;
  } finally {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
    store.close();
  }
}

async function fanoutBench(results, pct) {
  const summarise = (rounds, p) =>
    rounds.map((latencies) => pct(latencies, p)).sort((a, b) => a - b)[rounds.length >> 1];
  const herald = await heraldFanout();
  const bare = await bareFanout();
  results.sse_connections = CONNECTIONS;
  results.sse_fanout_p50 = compare(summarise(herald, 0.5), summarise(bare, 0.5), 'ms');
  results.sse_fanout_p99 = compare(summarise(herald, 0.99), summarise(bare, 0.99), 'ms');
  results.sse_fanout_max = compare(summarise(herald, 1), summarise(bare, 1), 'ms');
  // CPU time of a round, less sensitive than the latencies to other jobs taking the cores.
  const cpuMs = (rounds) => rounds.map((r) => r.cpuMs).sort((a, b) => a - b)[rounds.length >> 1];
  results.sse_fanout_cpu = compare(cpuMs(herald), cpuMs(bare), 'ms CPU per event');
}

module.exports = { fanoutBench };
