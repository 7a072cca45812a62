/**
 * One case of bench/delivery/mail-api.bench.js, run in its own process:
 * `node bench/delivery/mail-api-case.js postmark|mailgun|resend` prints the
 * `compare()` JSON of Herald's driver against the same request by hand
 * (node:http keep-alive agent, body built inline) to the same fake server.
 */
const http = require('node:http');
const { performance } = require('node:perf_hooks');
const { NamedMailerConfig } = require('@herald/contracts');
const { createMailerChannel, DeliveryTelemetry } = require('@herald/notification');
const {
  FakePostmarkServer,
  FakeMailgunServer,
  FakeResendServer,
} = require('@herald/notification/testing');
const { compare, median } = require('../harness');

const SENDS = Number(process.env.BENCH_SENDS ?? 1500);
const CONCURRENCY = 50;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);

async function throughput(send) {
  for (let i = 0; i < 100; i++) await send(i); // warm-up
  let next = 0;
  const start = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < SENDS) await send(next++);
    }),
  );
  return SENDS / ((performance.now() - start) / 1000);
}

/** Peer and Herald alternated for ROUNDS rounds; the median of each side. */
async function pair(heraldSend, peerSend) {
  const herald = [];
  const peer = [];
  for (let r = 0; r < ROUNDS; r++) {
    peer.push(await throughput(peerSend));
    herald.push(await throughput(heraldSend));
  }
  return compare(median(herald), median(peer), 'sends/s');
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
function rawPost(url, headers, body) {
  return new Promise((resolve, reject) => {
    const req = http.request(
      url,
      { method: 'POST', headers: { ...headers, 'content-length': Buffer.byteLength(body) }, agent },
      (res) => {
        const chunks = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () =>
          res.statusCode < 300
            ? resolve(JSON.parse(Buffer.concat(chunks).toString('utf8')))
            : reject(new Error(`HTTP ${res.statusCode}`)),
        );
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

const mail = (i) => ({
  to: ['ada@example.com'],
  subject: `n${i}`,
  text: 'hello',
  html: '<p>hello</p>',
});

/**
 * Starts `fake` with a server keep-alive longer than a round: each side's
 * sockets idle while the other side runs, and a socket the server closes at
 * the moment the client reuses it would fail a send (a race, not a driver cost).
 */
function started(fake) {
  fake.keepAliveTimeoutMs = 120_000;
  return fake.start();
}

const CASES = {
  async postmark() {
    const fake = await started(new FakePostmarkServer());
    const backend = { serverToken: fake.serverToken, baseUrl: fake.url };
    const peer = (i) =>
      rawPost(
        `${fake.url}/email`,
        {
          accept: 'application/json',
          'content-type': 'application/json',
          'x-postmark-server-token': fake.serverToken,
        },
        JSON.stringify({
          From: 'noreply@herald.test',
          To: 'ada@example.com',
          Subject: `n${i}`,
          HtmlBody: '<p>hello</p>',
          TextBody: 'hello',
        }),
      );
    return { fake, backend, peer };
  },
  async mailgun() {
    const fake = await started(new FakeMailgunServer());
    const backend = { apiKey: fake.apiKey, domain: fake.domain, baseUrl: fake.url };
    const auth = `Basic ${Buffer.from(`api:${fake.apiKey}`).toString('base64')}`;
    const boundary = '----bench0123456789';
    const field = (name, value) =>
      `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
    const peer = (i) =>
      rawPost(
        `${fake.url}/v3/${fake.domain}/messages`,
        { authorization: auth, 'content-type': `multipart/form-data; boundary=${boundary}` },
        field('from', 'noreply@herald.test') +
          field('to', 'ada@example.com') +
          field('subject', `n${i}`) +
          field('text', 'hello') +
          field('html', '<p>hello</p>') +
          `--${boundary}--\r\n`,
      );
    return { fake, backend, peer };
  },
  async resend() {
    const fake = await started(new FakeResendServer());
    const backend = { apiKey: fake.apiKey, baseUrl: fake.url };
    const peer = (i) =>
      rawPost(
        `${fake.url}/emails`,
        { authorization: `Bearer ${fake.apiKey}`, 'content-type': 'application/json' },
        JSON.stringify({
          from: 'noreply@herald.test',
          to: ['ada@example.com'],
          subject: `n${i}`,
          html: '<p>hello</p>',
          text: 'hello',
        }),
      );
    return { fake, backend, peer };
  },
};

async function main(name) {
  const { fake, backend, peer } = await CASES[name]();
  const mailer = createMailerChannel(
    new NamedMailerConfig({
      name,
      driver: name,
      fromEmail: 'noreply@herald.test',
      // the machine may be loaded: a slow answer is measured, not failed
      [name]: { timeout: 60, ...backend },
    }).validate(),
    new DeliveryTelemetry(),
  );
  const result = await pair((i) => mailer.send(mail(i)), peer);
  await mailer.close();
  agent.destroy();
  await fake.stop();
  process.stdout.write(`${JSON.stringify(result)}\n`);
}

if (!CASES[process.argv[2]]) {
  console.error(`usage: node mail-api-case.js ${Object.keys(CASES).join('|')}`);
  process.exit(2);
}
main(process.argv[2]).catch((error) => {
  console.error(error);
  process.exit(1);
});
