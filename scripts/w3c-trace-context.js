#!/usr/bin/env node
/**
 * Runs the official W3C Trace Context test suite (github.com/w3c/trace-context,
 * its `test/` folder) against Herald's test service
 * (test/helpers/w3c-trace-context-service.ts), at specification levels 1 and 2
 * with STRICT_LEVEL=2, everything on 127.0.0.1. It fetches nothing: point
 * W3C_HARNESS_DIR at a checkout of the repository (or at its `test/` folder).
 *
 *   W3C_HARNESS_DIR=/path/to/trace-context node scripts/w3c-trace-context.js
 *
 * Environment: W3C_HARNESS_DIR (required), W3C_PYTHON (a Python 3 that can
 * `import aiohttp`; default: the first of python3, /usr/bin/python3, python
 * that can), W3C_SPEC_LEVELS (default "1,2"). Prints the harness output, then
 * one summary line per level, and exits non-zero when a test fails.
 */
const { spawn, spawnSync } = require('node:child_process');
const { existsSync } = require('node:fs');
const { createServer } = require('node:net');
const { join, resolve } = require('node:path');
const { createInterface } = require('node:readline');

const ROOT = join(__dirname, '..');

function fail(message) {
  console.error(`w3c-trace-context: ${message}`);
  process.exit(2);
}

function harnessDir() {
  const dir = process.env.W3C_HARNESS_DIR;
  if (!dir) fail('set W3C_HARNESS_DIR to a checkout of github.com/w3c/trace-context (or its test/ folder).');
  for (const candidate of [join(dir, 'test'), dir]) {
    if (existsSync(join(candidate, 'test.py'))) return resolve(candidate);
  }
  fail(`no test.py in W3C_HARNESS_DIR="${dir}" nor in its test/ folder: point it at the w3c/trace-context repository.`);
}

function python() {
  const candidates = process.env.W3C_PYTHON ? [process.env.W3C_PYTHON] : ['python3', '/usr/bin/python3', 'python'];
  for (const candidate of candidates) {
    const probe = spawnSync(candidate, ['-c', 'import aiohttp'], { stdio: 'ignore' });
    if (probe.status === 0) return candidate;
  }
  fail(
    `no Python with aiohttp among ${candidates.join(', ')}: install it (apt-get install python3-aiohttp, ` +
      'or pip install aiohttp) or set W3C_PYTHON to a Python that has it.',
  );
}

/** A free loopback port for the harness's callback server (the harness cannot bind port 0 itself). */
function freePort() {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolvePort(port));
    });
  });
}

/** Starts the test service in a child process; resolves with the process and its /test URL. */
function startService() {
  const child = spawn(
    process.execPath,
    ['-r', join(ROOT, 'test', 'helpers', 'swc-register.js'), join(ROOT, 'test', 'helpers', 'w3c-trace-context-service.ts')],
    { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] },
  );
  return new Promise((resolveService, reject) => {
    child.once('exit', (code) => reject(new Error(`the test service exited (code ${code}) before listening`)));
    createInterface({ input: child.stdout }).once('line', (line) => {
      resolveService({ child, url: JSON.parse(line).url });
    });
  });
}

/** Runs test.py at one specification level; resolves with its output and exit code. */
function runHarness(py, dir, url, level, port) {
  const env = {
    ...process.env,
    SPEC_LEVEL: String(level),
    STRICT_LEVEL: '2',
    HARNESS_HOST: '127.0.0.1',
    HARNESS_PORT: String(port),
    PYTHONUNBUFFERED: '1',
  };
  const child = spawn(py, ['test.py', url], { cwd: dir, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const collect = (chunk) => {
    output += chunk;
    process.stdout.write(chunk);
  };
  child.stdout.on('data', collect);
  child.stderr.on('data', collect);
  return new Promise((resolveRun) => child.on('close', (code) => resolveRun({ output, code })));
}

/** Each test's outcome, from unittest's verbose output (`test_x (module.Class...)` then `... ok`). */
function outcomes(output) {
  const results = new Map();
  let current;
  for (const line of output.split('\n')) {
    const id = /^(test_\w+) \((?:[\w]+\.)*?(\w+Test)(?:\.test_\w+)?\)/.exec(line);
    if (id) current = `${id[2]}.${id[1]}`;
    const result = / \.\.\. (ok|FAIL|ERROR|skipped|expected failure|unexpected success)/.exec(line);
    if (result && current) results.set(current, result[1]);
  }
  return results;
}

function summary(level, results) {
  const count = (wanted) => [...results.values()].filter((r) => r === wanted).length;
  const failed = [...results].filter(([, r]) => r === 'FAIL' || r === 'ERROR').map(([t]) => t);
  return {
    level,
    ran: results.size,
    passed: count('ok'),
    failed: failed.length,
    skipped: count('skipped'),
    failures: failed,
  };
}

async function main() {
  const dir = harnessDir();
  const py = python();
  const levels = (process.env.W3C_SPEC_LEVELS ?? '1,2').split(',').map((l) => Number(l.trim()));
  const { child, url } = await startService();
  const summaries = [];
  try {
    for (const level of levels) {
      console.log(`\n== W3C Trace Context harness, SPEC_LEVEL=${level} STRICT_LEVEL=2, service ${url}`);
      const { output, code } = await runHarness(py, dir, url, level, await freePort());
      const result = summary(level, outcomes(output));
      if (code !== 0 && result.failed === 0) result.failures.push(`harness exited with code ${code}`);
      summaries.push(result);
    }
  } finally {
    child.kill('SIGTERM');
  }
  console.log('');
  for (const s of summaries) {
    console.log(
      `level ${s.level}: ${s.passed} passed, ${s.failed} failed, ${s.skipped} skipped (of ${s.ran})` +
        (s.failures.length ? ` — ${s.failures.join(', ')}` : ''),
    );
  }
  process.exitCode = summaries.every((s) => s.failures.length === 0 && s.ran > 0) ? 0 : 1;
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 2;
});
