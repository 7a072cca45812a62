/**
 * Sends per second through every Herald driver to the test kit's fake
 * provider servers on 127.0.0.1, side by side with the same request written
 * by hand (the floor a user could reach without Herald). A ratio below 1
 * means Herald is slower; the house rule is at least 0.95.
 *
 * Each case's fake runs in this process; each side (Herald, peer) runs in a
 * process of its own with its own loop (sides/side.js), so neither inherits
 * the other's JIT state, heap or sockets, and a call site is never shared.
 * Peer and Herald alternate for `rounds` rounds (BENCH_ROUNDS, default 5) so
 * neither profits from a quiet moment of the machine; the median of each
 * side is reported. The cases live in sides/*.cases.js; `DRIVER_BENCH`
 * picks some (`email.ses,sms` runs `email.ses` and every `sms.*`).
 */
const { execFile } = require('node:child_process');
const { join } = require('node:path');
const { compare, median, round } = require('../harness');

const FILES = [
  'sms.cases.js',
  'push.cases.js',
  'mail.cases.js',
  'chat.cases.js',
  'webhook.cases.js',
];
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);

function picked(name) {
  const only = process.env.DRIVER_BENCH?.split(',').filter(Boolean);
  return !only || only.some((p) => name === p || name.startsWith(`${p}.`));
}

function side(file, name, mode, info) {
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      [join(__dirname, 'sides', 'side.js'), file, name, mode],
      { env: { ...process.env, BENCH_SIDE_INFO: JSON.stringify(info) }, maxBuffer: 1 << 20 },
      (error, stdout, stderr) => {
        if (error) reject(new Error(`${name} ${mode} failed: ${stderr || error.message}`));
        else resolve(JSON.parse(stdout.trim().split('\n').pop()));
      },
    );
  });
}

/** Forgets what the fake recorded, so it answers each run as fast as the first. */
function forget(fake) {
  fake.reset();
  for (const key of ['messages', 'cards']) if (Array.isArray(fake[key])) fake[key].length = 0;
}

async function runCase(file, name, spec) {
  const fake = await spec.fake();
  try {
    const info = await spec.info(fake);
    const herald = [];
    const peer = [];
    for (let r = 0; r < (spec.rounds ?? ROUNDS); r++) {
      forget(fake);
      peer.push(await side(file, name, 'peer', info));
      forget(fake);
      herald.push(await side(file, name, 'herald', info));
    }
    const of = (runs, key) => median(runs.map((run) => run[key]));
    return {
      ...compare(of(herald, 'perSecond'), of(peer, 'perSecond'), spec.unit ?? 'sends/s'),
      // the sending process's own CPU time (user + system) per send, median of the rounds:
      // steadier than the rate on a shared machine (the fake's work is not in it)
      cpuUsPerSend: {
        herald: round(of(herald, 'cpuUsPerSend')),
        peer: round(of(peer, 'cpuUsPerSend')),
      },
    };
  } finally {
    await fake.stop();
  }
}

async function run() {
  const results = {};
  const peers = {};
  for (const file of FILES) {
    for (const [name, spec] of Object.entries(require(join(__dirname, 'sides', file)))) {
      if (!picked(name)) continue;
      results[name] = await runCase(file, name, spec);
      peers[name] = spec.peerIs;
      process.stderr.write(`drivers: ${name} ${JSON.stringify(results[name])}\n`);
    }
  }
  return { results, peers };
}

module.exports = { run };
