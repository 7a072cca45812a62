/**
 * Outgoing webhooks case of bench/delivery/drivers.bench.js: `WebhookSender.send()`
 * (endpoint lookup, Standard Webhooks body and HMAC-SHA256 signature,
 * keep-alive POST) to a receiver on 127.0.0.1 in the parent, beside the same
 * request by hand in a process of its own (side.js).
 */
module.exports = {
  'webhook.send': {
    peerIs:
      'the same Standard Webhooks POST by hand: node:http keep-alive agent, body and HMAC-SHA256 signature with node:crypto, a 10 s timeout',
    async fake() {
      const http = require('node:http');
      const server = http.createServer((req, res) => {
        req.resume();
        req.on('end', () => res.writeHead(204).end());
      });
      server.keepAliveTimeout = 120_000;
      await new Promise((r) => server.listen(0, '127.0.0.1', r));
      return {
        url: `http://127.0.0.1:${server.address().port}/hooks`,
        reset() {},
        stop() {
          server.closeAllConnections();
          return new Promise((r) => server.close(r));
        },
      };
    },
    info: (fake) => ({ url: fake.url }),
    async herald(info) {
      const {
        MemoryWebhookEndpointStore,
        WebhookEndpointsService,
        WebhookSender,
      } = require('@herald/notification');
      const endpoints = new WebhookEndpointsService(new MemoryWebhookEndpointStore(), {
        allowPrivateTargets: true,
        failureThreshold: 5,
        timeoutMs: 10_000,
        rotationGraceMs: 86_400_000,
      });
      const { endpoint } = await endpoints.register({ owner: 'bench', url: info.url });
      const sender = new WebhookSender(endpoints);
      const payload = { invoice: 'INV-1', total: 42, lines: [{ sku: 'A', qty: 1 }] };
      return {
        send: (i) =>
          sender.send({
            endpointId: endpoint.id,
            eventType: 'invoice.paid',
            payload,
            idempotencyKey: `k${i}`,
          }),
        close: () => sender.close(),
      };
    },
    peer(info) {
      const http = require('node:http');
      const { createHash, createHmac, randomBytes } = require('node:crypto');
      const key = randomBytes(32);
      const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
      const payload = { invoice: 'INV-1', total: 42, lines: [{ sku: 'A', qty: 1 }] };
      const send = (i) =>
        new Promise((resolve, reject) => {
          const id = `dlv_${createHash('sha256').update(`webhook\u0000k${i}`).digest('hex').slice(0, 32)}`;
          const now = Date.now();
          const ts = Math.floor(now / 1000);
          const body = JSON.stringify({
            type: 'invoice.paid',
            timestamp: new Date(now).toISOString(),
            data: payload,
          });
          const signature = createHmac('sha256', key)
            .update(`${id}.${ts}.${body}`)
            .digest('base64');
          const req = http.request(
            info.url,
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
      return { send, close: () => agent.destroy() };
    },
  },
};
