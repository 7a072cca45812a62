#!/usr/bin/env node
// `npm test`'s first step (package.json `pretest`): makes a fresh machine ready for the suite.
//  1. Every system tool the tests drive must be on PATH. What is missing is installed with
//     apt-get (one `apt-get update`, then `apt-get install -y --no-install-recommends ...`)
//     when that is allowed: running as root, apt-get on PATH, HERALD_NO_INSTALL not set to 1.
//     Otherwise the script stops before anything is built, with one line per missing tool
//     naming it and the command that installs it, and exits 1.
//  2. PostgreSQL (127.0.0.1:5432, database `test`) and Redis (127.0.0.1:6379) must answer;
//     when one is down it is started as .ci/run used to, and the script waits until it answers.
// Plain Node (no dependency but `pg`, which `npm install` brings), so it runs before the build.
const { spawnSync } = require('node:child_process');
const { accessSync, constants, readdirSync } = require('node:fs');
const net = require('node:net');
const { delimiter, join } = require('node:path');

/** Each command the suite spawns, the Debian package that provides it, and who uses it. */
const TOOLS = [
  {
    command: 'chromium',
    pkg: 'chromium',
    usedBy: 'test/browser-*.e2e-spec.ts (headless Chromium via playwright-core)',
  },
  {
    command: 'promtool',
    pkg: 'prometheus',
    usedBy: 'test/helpers/promtool.ts, test/slo-rules.e2e-spec.ts',
  },
  {
    command: 'prometheus',
    pkg: 'prometheus',
    usedBy: 'test/helpers/prometheus-server.ts (scrape tests)',
  },
  {
    command: 'prometheus-alertmanager',
    pkg: 'prometheus-alertmanager',
    usedBy: 'test/alerting-alertmanager.e2e-spec.ts',
  },
  {
    command: 'redis-server',
    pkg: 'redis-server',
    usedBy: 'test/demo-redis.e2e-spec.ts and the shared Redis',
  },
  {
    command: 'openssl',
    pkg: 'openssl',
    usedBy: "@herald/notification/testing's self-signed certificates",
  },
];
/** Needed only when PostgreSQL is down, to start it. */
const PG_CTLCLUSTER = {
  command: 'pg_ctlcluster',
  pkg: 'postgresql',
  usedBy: 'starting PostgreSQL',
};

const PG_URL = 'postgres://postgres@127.0.0.1:5432/test';
const WAIT_MS = 30_000;

const say = (line) => process.stderr.write(`test-prerequisites: ${line}\n`);

/** The path of `command` on PATH, or undefined. */
function which(command) {
  for (const dir of (process.env.PATH ?? '').split(delimiter)) {
    if (!dir) continue;
    try {
      accessSync(join(dir, command), constants.X_OK);
      return join(dir, command);
    } catch {
      // not in this directory
    }
  }
  return undefined;
}

const isRoot = () => typeof process.getuid === 'function' && process.getuid() === 0;

/** Why apt-get may not be used here, or undefined when it may. */
function whyNoInstall() {
  if (process.env.HERALD_NO_INSTALL === '1') return 'HERALD_NO_INSTALL=1';
  if (!isRoot()) return 'not running as root';
  if (!which('apt-get')) return 'no apt-get on PATH';
  return undefined;
}

function installCommand(pkgs) {
  return `${isRoot() ? '' : 'sudo '}apt-get install -y --no-install-recommends ${pkgs.join(' ')}`;
}

/** Makes every tool in `tools` available, or returns false after one line per missing tool. */
function ensureTools(tools) {
  const missing = tools.filter((t) => !which(t.command));
  if (missing.length === 0) return true;
  const pkgs = [...new Set(missing.map((t) => t.pkg))];
  const reason = whyNoInstall();
  if (!reason) {
    say(`installing ${pkgs.join(' ')} (missing: ${missing.map((t) => t.command).join(', ')})`);
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    const run = (args) =>
      spawnSync('apt-get', args, { env, stdio: ['ignore', 'ignore', 'inherit'] }).status === 0;
    if (
      !run(['update', '-qq']) ||
      !run(['install', '-y', '-qq', '--no-install-recommends', ...pkgs])
    ) {
      say('apt-get failed');
    }
  }
  const still = tools.filter((t) => !which(t.command));
  if (still.length === 0) return true;
  for (const t of still) {
    process.stderr.write(
      `missing "${t.command}" (used by ${t.usedBy}): install it with \`${installCommand([t.pkg])}\`\n`,
    );
  }
  say(`stopped before the build${reason ? ` (nothing installed: ${reason})` : ''}`);
  return false;
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** True when Redis on 127.0.0.1:6379 answers PING. */
function redisAnswers() {
  return new Promise((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port: 6379 });
    let reply = '';
    const done = (ok) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(2000, () => done(false));
    socket.on('error', () => done(false));
    socket.on('connect', () => socket.write('PING\r\n'));
    socket.on('data', (chunk) => {
      reply += chunk.toString('latin1');
      if (reply.includes('\r\n')) done(reply.startsWith('+PONG'));
    });
  });
}

/** True when PostgreSQL on 127.0.0.1:5432 runs a query in database `test`. */
async function postgresAnswers() {
  const { Client } = require('pg');
  const client = new Client({ connectionString: PG_URL, connectionTimeoutMillis: 2000 });
  client.on('error', () => undefined);
  try {
    await client.connect();
    await client.query('SELECT 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

async function waitFor(answers) {
  const deadline = Date.now() + WAIT_MS;
  while (Date.now() < deadline) {
    if (await answers()) return true;
    await sleep(500);
  }
  return false;
}

/** Starts a service that does not answer, then waits for it; false (with a line why) when it stays down. */
async function ensureService(name, answers, start, howTo) {
  if (await answers()) return true;
  say(`${name} does not answer; starting it`);
  const started = start();
  if (started !== true) {
    process.stderr.write(
      `${name} is down and could not be started (${started}): start it with \`${howTo}\`\n`,
    );
    return false;
  }
  if (await waitFor(answers)) return true;
  process.stderr.write(
    `${name} was started but did not answer within ${WAIT_MS / 1000} s: check \`${howTo}\`\n`,
  );
  return false;
}

function startPostgres() {
  if (!ensureTools([PG_CTLCLUSTER])) return 'pg_ctlcluster missing';
  let version;
  try {
    version = readdirSync('/etc/postgresql').sort()[0];
  } catch {
    return 'no cluster under /etc/postgresql';
  }
  const run = spawnSync('pg_ctlcluster', ['--skip-systemctl-redirect', version, 'main', 'start'], {
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  return run.status === 0 ? true : `pg_ctlcluster exited with ${run.status}`;
}

function startRedis() {
  const run = spawnSync(
    'redis-server',
    [
      '--daemonize',
      'yes',
      '--bind',
      '127.0.0.1',
      '--port',
      '6379',
      '--save',
      '',
      '--appendonly',
      'no',
    ],
    { stdio: ['ignore', 'inherit', 'inherit'] },
  );
  return run.status === 0 ? true : `redis-server exited with ${run.status}`;
}

async function main() {
  if (!ensureTools(TOOLS)) return 1;
  const pg = await ensureService(
    'PostgreSQL on 127.0.0.1:5432 (database "test")',
    postgresAnswers,
    startPostgres,
    'pg_ctlcluster --skip-systemctl-redirect $(ls /etc/postgresql | head -n1) main start',
  );
  const redis = await ensureService(
    'Redis on 127.0.0.1:6379',
    redisAnswers,
    startRedis,
    'redis-server --daemonize yes --bind 127.0.0.1 --port 6379 --save "" --appendonly no',
  );
  return pg && redis ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (error) => {
    say(String(error?.stack ?? error));
    process.exit(1);
  },
);
