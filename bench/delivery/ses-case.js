/**
 * One side of bench/delivery/ses.bench.js in its own process:
 * `node ses-case.js <herald|peer>` sends BENCH_SES_SENDS mails to the fake SES
 * at BENCH_SES_URL (50 in flight) and prints `{ "sendsPerSecond": n }`.
 * herald: the `ses` mail driver through `createMailerChannel`. peer: the same
 * SES v2 SendEmail request signed with AWS Signature Version 4 by hand
 * (node:crypto, node:http keep-alive agent), no validation, tracing or error mapping.
 */
const http = require('node:http');
const { createHash, createHmac } = require('node:crypto');
const { performance } = require('node:perf_hooks');

const [mode] = process.argv.slice(2);
const env = process.env;
const url = new URL(env.BENCH_SES_URL);
const region = env.BENCH_SES_REGION;
const accessKeyId = env.BENCH_SES_KEY_ID;
const secret = env.BENCH_SES_SECRET;
const SENDS = Number(env.BENCH_SES_SENDS ?? 1500);
const CONCURRENCY = 50;

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

function herald() {
  const { NamedMailerConfig } = require('@herald/contracts');
  const { createMailerChannel, DeliveryTelemetry } = require('@herald/notification');
  const mailer = createMailerChannel(
    new NamedMailerConfig({
      name: 'ses',
      driver: 'ses',
      fromEmail: 'noreply@herald.test',
      ses: { region, accessKeyId, secretAccessKey: secret, endpoint: url.origin },
    }).validate(),
    new DeliveryTelemetry(),
  );
  return {
    send: (i) =>
      mailer.send({
        to: ['ada@example.com'],
        subject: `n${i}`,
        text: 'hello',
        html: '<p>hello</p>',
      }),
    close: () => mailer.close(),
  };
}

function peer() {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
  const hmac = (key, data) => createHmac('sha256', key).update(data).digest();
  const sha = (data) => createHash('sha256').update(data).digest('hex');
  const path = '/v2/email/outbound-emails';
  const send = (i) => {
    const body = JSON.stringify({
      FromEmailAddress: 'noreply@herald.test',
      Destination: { ToAddresses: ['ada@example.com'] },
      Content: {
        Simple: {
          Subject: { Data: `n${i}`, Charset: 'UTF-8' },
          Body: {
            Text: { Data: 'hello', Charset: 'UTF-8' },
            Html: { Data: '<p>hello</p>', Charset: 'UTF-8' },
          },
        },
      },
    });
    const date = new Date()
      .toISOString()
      .replace(/[-:]/g, '')
      .replace(/\.\d{3}/, '');
    const day = date.slice(0, 8);
    const canonical = `POST\n${path}\n\ncontent-type:application/json\nhost:${url.host}\nx-amz-date:${date}\n\ncontent-type;host;x-amz-date\n${sha(body)}`;
    const scope = `${day}/${region}/ses/aws4_request`;
    const key = hmac(hmac(hmac(hmac(`AWS4${secret}`, day), region), 'ses'), 'aws4_request');
    const signature = createHmac('sha256', key)
      .update(`AWS4-HMAC-SHA256\n${date}\n${scope}\n${sha(canonical)}`)
      .digest('hex');
    return new Promise((resolve, reject) => {
      const req = http.request(
        `${url.origin}${path}`,
        {
          method: 'POST',
          agent,
          headers: {
            host: url.host,
            'content-type': 'application/json',
            'x-amz-date': date,
            authorization: `AWS4-HMAC-SHA256 Credential=${accessKeyId}/${scope}, SignedHeaders=content-type;host;x-amz-date, Signature=${signature}`,
            'content-length': Buffer.byteLength(body),
          },
        },
        (res) => {
          res.resume();
          res.on('end', () =>
            res.statusCode === 200 ? resolve() : reject(new Error(`HTTP ${res.statusCode}`)),
          );
        },
      );
      req.on('error', reject);
      req.end(body);
    });
  };
  return { send, close: () => agent.destroy() };
}

async function main() {
  const side = mode === 'herald' ? herald() : mode === 'peer' ? peer() : undefined;
  if (!side) throw new Error('usage: node ses-case.js <herald|peer>');
  const sendsPerSecond = await throughput(side.send);
  await side.close();
  process.stdout.write(`${JSON.stringify({ sendsPerSecond })}\n`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
