/**
 * The orchestrator's view of one bench process: spawns
 * `node --expose-gc <script> <role>`, reads its JSON lines (see probe.js) and answers
 * them: `until(test)` resolves with the first message `test` accepts,
 * `stop()` sends SIGTERM and resolves with its `done` message. A process
 * that exits before it is asked to rejects both, with its stderr.
 */
const { spawn } = require('node:child_process');
const { join } = require('node:path');

function startChild(script, role, env) {
  const child = spawn(process.execPath, ['--expose-gc', join(__dirname, script), role], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const name = `${script} ${role}`;
  const messages = [];
  const waiting = new Set();
  let errors = '';
  let buffered = '';
  let exit;
  let closed = false;
  const check = () => {
    for (const w of waiting) {
      const found = messages.find(w.test);
      if (found) {
        waiting.delete(w);
        w.resolve(found);
      } else if (exit && closed) {
        waiting.delete(w);
        w.reject(new Error(`${name} exited with ${exit}: ${errors.slice(-4000)}`));
      }
    }
  };
  child.stdout.on('data', (chunk) => {
    buffered += chunk.toString();
    const lines = buffered.split('\n');
    buffered = lines.pop();
    for (const line of lines) if (line.trim()) messages.push(JSON.parse(line));
    check();
  });
  child.stderr.on('data', (chunk) => {
    errors += chunk.toString();
    if (errors.length > 64_000) errors = errors.slice(-32_000);
  });
  child.stdout.once('close', () => {
    closed = true;
    check();
  });
  child.once('exit', (code, signal) => {
    // the last lines may arrive after 'exit': waiters fail once stdout is closed too
    exit = String(code ?? signal);
    check();
  });
  const until = (test) =>
    new Promise((resolve, reject) => {
      waiting.add({ test, resolve, reject });
      check();
    });
  return {
    name,
    messages,
    until,
    /** The sends this process's provider reported so far. */
    sent: () => messages.reduce((n, m) => (m.sent !== undefined ? Math.max(n, m.sent) : n), 0),
    first: () => messages.find((m) => m.first !== undefined)?.first,
    stop: () => {
      if (!exit) child.kill('SIGTERM');
      return until((m) => m.done !== undefined).then((m) => m.done);
    },
    /** Ends the process whatever it is doing (cleanup after a failure). */
    kill: () => {
      if (!exit) child.kill('SIGKILL');
    },
  };
}

module.exports = { startChild };
