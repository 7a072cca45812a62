/**
 * Sends per second through the `ses` mail driver to the test kit's fake SES
 * (which recomputes every request's AWS Signature Version 4) beside the same
 * SigV4-signed SendEmail request written by hand. Each side runs in its own
 * process (ses-case.js), the fake in this one; peer and Herald alternate for
 * `BENCH_ROUNDS` rounds and the median of each side is reported. A ratio
 * below 1 means Herald is slower.
 */
const { execFile } = require('node:child_process');
const { join } = require('node:path');
const { FakeSesServer } = require('@herald/notification/testing');
const { compare, median } = require('../harness');

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);

function side(mode, fake) {
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      [join(__dirname, 'ses-case.js'), mode],
      {
        env: {
          ...process.env,
          BENCH_SES_URL: fake.url,
          BENCH_SES_REGION: fake.region,
          BENCH_SES_KEY_ID: fake.accessKeyId,
          BENCH_SES_SECRET: fake.secretAccessKey,
          BENCH_SES_SENDS: process.env.BENCH_SENDS ?? '1500',
        },
      },
      (error, stdout, stderr) => {
        if (error) reject(new Error(`ses-case.js ${mode} failed: ${stderr || error.message}`));
        else resolve(JSON.parse(stdout.trim().split('\n').pop()).sendsPerSecond);
      },
    );
  });
}

async function run() {
  const fake = await new FakeSesServer().start();
  const herald = [];
  const peer = [];
  try {
    for (let r = 0; r < ROUNDS; r++) {
      peer.push(await side('peer', fake));
      herald.push(await side('herald', fake));
      fake.reset();
    }
  } finally {
    await fake.stop();
  }
  return {
    results: { 'email.ses': compare(median(herald), median(peer), 'sends/s') },
    peers: {
      'email.ses':
        'the same SES v2 SendEmail request signed with SigV4 by hand (node:crypto, node:http keep-alive agent), each side in its own process',
    },
  };
}

module.exports = { run };
