import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { DeliveryError } from '../../errors/delivery.error.js';
import { deliveryIdFor } from '../../delivery/reliable/channel-adapters.js';
import { MemoryWebhookEndpointStore } from './memory-webhook-endpoint.store.js';
import { WebhookEndpointsService } from './webhook-endpoints.service.js';
import { WEBHOOK_DEFAULTS } from './webhook-options.js';
import { WebhookSender } from './webhook-sender.js';

interface Received {
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}

describe('WebhookSender against a real endpoint on 127.0.0.1', () => {
  let server: Server;
  let base: string;
  const received: Received[] = [];
  /** path → [status, headers] answered there; `/hang` never answers. */
  const answers: Record<string, [number, Record<string, string>?]> = {
    '/ok': [204],
    '/limited': [429, { 'retry-after': '2' }],
    '/patient': [503, { 'retry-after': '86400' }],
    '/down': [503],
    '/slow-client': [408],
    '/bad': [400],
    '/gone': [410],
    '/auth': [401],
    '/moved': [302, { location: 'http://169.254.169.254/' }],
  };

  beforeAll(async () => {
    server = createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString('utf8')));
      req.on('end', () => {
        received.push({ url: req.url ?? '', headers: req.headers, body });
        if (req.url === '/hang') return;
        const [status, headers] = answers[req.url ?? ''] ?? [404];
        res.writeHead(status, headers).end('{"ok":false}');
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((r) => server.close(r));
  });

  async function sender(options: Partial<typeof WEBHOOK_DEFAULTS> = {}) {
    const store = new MemoryWebhookEndpointStore();
    const service = new WebhookEndpointsService(store, {
      ...WEBHOOK_DEFAULTS,
      allowPrivateTargets: true,
      timeoutMs: 300,
      ...options,
    });
    return { store, service, sender: new WebhookSender(service) };
  }

  it('posts { type, timestamp, data } signed the Standard Webhooks way, webhook-id = delivery id', async () => {
    const { service, sender: s } = await sender();
    const { endpoint, secret } = await service.register({ owner: 'o', url: `${base}/ok` });
    const result = await s.send({
      endpointId: endpoint.id,
      eventType: 'invoice.paid',
      payload: { id: 'inv_1' },
      idempotencyKey: 'key-1',
    });
    const request = received.at(-1)!;
    expect(result).toEqual({
      messageId: deliveryIdFor('webhook', 'key-1'),
      endpointId: endpoint.id,
      statusCode: 204,
    });
    expect(request.headers['webhook-id']).toBe(result.messageId);
    expect(request.headers['content-type']).toBe('application/json');
    const verified = new Webhook(secret).verify(
      request.body,
      request.headers as Record<string, string>,
    );
    expect(verified).toMatchObject({ type: 'invoice.paid', data: { id: 'inv_1' } });
    expect(new Date((verified as { timestamp: string }).timestamp).getTime()).not.toBeNaN();
    s.close();
  });

  it.each([
    ['/limited', 'rate_limited', false, 2000],
    ['/patient', 'provider_unavailable', false, 60_000],
    ['/down', 'provider_unavailable', false, undefined],
    ['/slow-client', 'timeout', false, undefined],
    ['/bad', 'bad_request', true, undefined],
    ['/gone', 'bad_request', true, undefined],
    ['/auth', 'auth', true, undefined],
    ['/moved', 'bad_request', true, undefined],
  ])(
    '%s answers a DeliveryError %s (permanent: %s, retryAfterMs %p)',
    async (path, reason, permanent, retryAfterMs) => {
      const { service, sender: s } = await sender();
      const { endpoint, secret } = await service.register({ owner: 'o', url: `${base}${path}` });
      const before = received.length;
      const error = await s
        .send({ endpointId: endpoint.id, eventType: 'e', payload: {}, idempotencyKey: 'k' })
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(DeliveryError);
      expect(error).toMatchObject({ reason, permanent, retryAfterMs, channel: 'webhook' });
      expect((error as Error).message).not.toContain(secret.slice(6));
      // one request, never a followed redirect
      expect(received.length).toBe(before + 1);
      s.close();
    },
  );

  it('times out an endpoint that never answers (transient)', async () => {
    const { service, sender: s } = await sender({ timeoutMs: 200 });
    const { endpoint } = await service.register({ owner: 'o', url: `${base}/hang` });
    await expect(
      s.send({ endpointId: endpoint.id, eventType: 'e', payload: {} }),
    ).rejects.toMatchObject({ reason: 'timeout', permanent: false });
    s.close();
  });

  it('refuses a disabled or deleted endpoint without a request (permanent)', async () => {
    const { service, sender: s } = await sender();
    const { endpoint } = await service.register({ owner: 'o', url: `${base}/ok` });
    await service.disable(endpoint.id, 'paused by tenant');
    const before = received.length;
    await expect(
      s.send({ endpointId: endpoint.id, eventType: 'e', payload: {} }),
    ).rejects.toMatchObject({
      reason: 'invalid_recipient',
      message: expect.stringMatching(/disabled \(paused by tenant\)/),
    });
    await service.delete(endpoint.id);
    await expect(
      s.send({ endpointId: endpoint.id, eventType: 'e', payload: {} }),
    ).rejects.toMatchObject({
      reason: 'invalid_recipient',
      message: expect.stringMatching(/no longer exists/),
    });
    expect(received.length).toBe(before);
    s.close();
  });

  it('without allowPrivateTargets, refuses a host that resolves to loopback when connecting (SSRF)', async () => {
    const { store, sender: s } = await sender({ allowPrivateTargets: false });
    const port = (server.address() as AddressInfo).port;
    // stored directly: registration would refuse it; a DNS name that changes after registration behaves alike
    const now = new Date();
    await store.create({
      id: 'ep_0123456789abcdef01234567',
      owner: 'o',
      url: `http://localhost:${port}/ok`,
      eventTypes: [],
      enabled: true,
      consecutiveFailures: 0,
      secrets: [{ secret: `whsec_${Buffer.alloc(32, 1).toString('base64')}` }],
      createdAt: now,
      updatedAt: now,
    });
    const before = received.length;
    await expect(
      s.send({ endpointId: 'ep_0123456789abcdef01234567', eventType: 'e', payload: {} }),
    ).rejects.toMatchObject({ reason: 'forbidden', permanent: true });
    expect(received.length).toBe(before);
    s.close();
  });
});
