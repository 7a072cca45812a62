/**
 * The REST mail drivers (Postmark, Mailgun, Resend): sends per second
 * through Herald's driver against the same request by hand, to the test
 * kit's fake server on 127.0.0.1. Each case runs in its own process
 * (mail-api-case.js), so no case inherits another's heap, sockets or JIT state.
 */
const { execFileSync } = require('node:child_process');
const { join } = require('node:path');

const CASES = ['postmark', 'mailgun', 'resend'];

async function run() {
  const results = {};
  for (const name of CASES) {
    const out = execFileSync(process.execPath, [join(__dirname, 'mail-api-case.js'), name], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    results[`email.${name}`] = JSON.parse(out.trim().split('\n').pop());
  }
  return {
    results,
    peers: {
      'email.postmark / email.mailgun / email.resend':
        'the same request by hand in its own process: node:http keep-alive agent, body built inline, no validation, tracing or error mapping',
    },
  };
}

module.exports = { run };
