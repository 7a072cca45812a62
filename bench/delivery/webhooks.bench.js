/**
 * Outgoing webhooks: sends per second of `WebhookSender.send()` (the
 * `webhook` channel's backend: endpoint lookup, Standard Webhooks body and
 * HMAC-SHA256 signature, keep-alive POST) to a receiver on 127.0.0.1, side
 * by side with the same request written by hand (node:http with a keep-alive
 * agent and a timeout, the same body and signature computed with node:crypto).
 */
const http = require('node:http');
const { createHash, createHmac } = require('node:crypto');
const { performance } = require('node:perf_hooks');
const {
  MemoryWebhookEndpointStore,
  WebhookEndpointsService,
  WebhookSender,
} = require('@herald/notification');
const { compare, median } = require('../harness');

const SENDS = Number(process.env.BENCH_SENDS ?? 1500);
const CONCURRENCY = 50;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);

async function throughput(send, total = SENDS, concurrency = CONCURRENCY) {
  for (let i = 0; i < 100; i++) await send(i); // warm-up
  let next = 0;
  const start = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < total) await send(next++);
    }),
  );
  return total / ((performance.now() - start) / 1000);
}

async function run() {
  const server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => res.writeHead(204).end());
  });
  server.keepAliveTimeout = 60_000;
  await new Promise((r) => server.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${server.address().port}/hooks`;

  const endpoints = new WebhookEndpointsService(new MemoryWebhookEndpointStore(), {
    allowPrivateTargets: true,
    failureThreshold: 5,
    timeoutMs: 10_000,
    rotationGraceMs: 86_400_000,
  });
  const { endpoint, secret } = await endpoints.register({ owner: 'bench', url });
  const sender = new WebhookSender(endpoints);
  const payload = { invoice: 'INV-1', total: 42, lines: [{ sku: 'A', qty: 1 }] };
  const heraldSend = (i) =>
    sender.send({ endpointId: endpoint.id, eventType: 'invoice.paid', payload, idempotencyKey: `k${i}` });

  const key = Buffer.from(secret.slice('whsec_'.length), 'base64');
  const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
  const peerSend = (i) =>
    new Promise((resolve, reject) => {
      const id = `dlv_${createHash('sha256').update(`webhook\u0000k${i}`).digest('hex').slice(0, 32)}`;
      const now = Date.now();
      const ts = Math.floor(now / 1000);
      const body = JSON.stringify({
        type: 'invoice.paid',
        timestamp: new Date(now).toISOString(),
        data: payload,
      });
      const signature = createHmac('sha256', key).update(`${id}.${ts}.${body}`).digest('base64');
      const req = http.request(
        url,
        {
          method: 'POST',
          agent,
          timeout: 10_000, // a production request has one too (Herald's timeoutMs)
          headers: {
            'content-type': 'application/json',
            'content-length': Buffer.byteLength(body),
            'user-agent': 'Herald-Webhooks/1',
            'webhook-id': id,
            'webhook-timestamp': String(ts),
            'webhook-signature': `v1,${signature}`,
          },
        },
        (res) => {
          res.resume();
          res.on('end', () =>
            res.statusCode < 300 ? resolve() : reject(new Error(`HTTP ${res.statusCode}`)),
          );
        },
      );
      req.on('timeout', () => req.destroy(new Error('timeout')));
      req.on('error', reject);
      req.end(body);
    });

  const herald = [];
  const peer = [];
  for (let r = 0; r < ROUNDS; r++) {
    peer.push(await throughput(peerSend));
    herald.push(await throughput(heraldSend));
  }
  sender.close();
  agent.destroy();
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
  return {
    results: { 'webhook.send': compare(median(herald), median(peer), 'sends/s') },
    peers: {
      'webhook.send':
        'the same Standard Webhooks POST by hand: node:http keep-alive agent, body and HMAC-SHA256 signature with node:crypto, a 10 s timeout',
    },
  };
}

module.exports = { run };
