import { generateVAPIDKeys } from 'web-push';
import { NamedPushConfig } from '@herald/contracts';
import { FakeWebPushServer } from '../../../testing/servers/fake-web-push.server.js';
import { DeliveryTelemetry } from '../../../utils/delivery-telemetry.js';
import { createPushChannel } from '../../create-push-channel.js';
import type { PushChannel } from '../../push-channel.js';

describe('webpush driver against the fake Web Push service (aes128gcm + VAPID)', () => {
  const vapid = generateVAPIDKeys();
  let wp: FakeWebPushServer;
  let push: PushChannel;
  const make = (overrides: Record<string, unknown> = {}) =>
    createPushChannel(
      new NamedPushConfig({
        name: 'web',
        driver: 'webpush',
        webpush: {
          vapidPublicKey: vapid.publicKey,
          vapidPrivateKey: vapid.privateKey,
          subject: 'mailto:ops@herald.test',
          timeout: 2,
          ...overrides,
        },
      }).validate(),
      new DeliveryTelemetry(),
    );

  beforeAll(async () => {
    wp = await new FakeWebPushServer(vapid.publicKey).start();
  });
  afterAll(() => wp.stop());
  beforeEach(() => {
    wp.reset();
    push = make();
  });
  afterEach(() => push.close());

  it('encrypts the payload for the subscription and signs with VAPID', async () => {
    const sub = wp.createSubscription();
    const result = await push.send({
      token: JSON.stringify(sub),
      title: 'Hi',
      body: 'Ünïcode ✓',
      data: { url: '/inbox' },
      ttlSeconds: 60,
      priority: 'high',
      collapseKey: 'inbox',
      idempotencyKey: 'wp-1',
    });
    expect(wp.idempotencyCounts.get('wp-1')).toBe(1);
    expect(result).toMatchObject({
      success: true,
      backend: 'web',
      messageId: expect.stringContaining('/message/'),
    });
    const [delivery] = wp.deliveries;
    expect(delivery.json).toEqual({ title: 'Hi', body: 'Ünïcode ✓', data: { url: '/inbox' } });
    expect(delivery.vapidClaims).toMatchObject({ aud: wp.url, sub: 'mailto:ops@herald.test' });
    expect(delivery.headers.ttl).toBe('60');
    expect(delivery.headers.urgency).toBe('high');
    expect(delivery.headers.topic).toBe('inbox');
    expect(delivery.headers['content-encoding']).toBe('aes128gcm');
    const raw = wp.received[0].raw;
    expect(raw.includes(Buffer.from('Hi'))).toBe(false); // encrypted on the wire
  });

  it('reports 410 (expired) and 404 (unknown) subscriptions as dead tokens in a batch', async () => {
    const live = wp.createSubscription();
    const expired = wp.createSubscription();
    wp.expire(expired);
    const unknown = { ...wp.createSubscription(), endpoint: `${wp.url}/push/nope` };
    const results = await push.sendBatch(
      [live, expired, unknown].map((s) => ({ token: JSON.stringify(s), title: 't' })),
    );
    expect(results.map((r) => [r.success, r.dead])).toEqual([
      [true, undefined],
      [false, true],
      [false, true],
    ]);
    expect(results[1].error).toMatchObject({ code: 'dead_token', permanent: true });
    expect(wp.deliveries).toHaveLength(1);
  });

  it('maps a VAPID key the service does not know to a permanent forbidden error', async () => {
    const other = generateVAPIDKeys();
    push = make({ vapidPublicKey: other.publicKey, vapidPrivateKey: other.privateKey });
    const error = await push
      .send({ token: JSON.stringify(wp.createSubscription()), title: 'x' })
      .catch((e) => e);
    expect(error).toMatchObject({ reason: 'forbidden', permanent: true, statusCode: 403 });
  });

  it('maps 429 with Retry-After and 5xx to transient errors', async () => {
    const token = JSON.stringify(wp.createSubscription());
    wp.failNext({ status: 429, headers: { 'Retry-After': '3' } }).failNext(502);
    expect(await push.send({ token, title: 'x' }).catch((e) => e)).toMatchObject({
      reason: 'rate_limited',
      permanent: false,
      retryAfterMs: 3000,
    });
    expect(await push.send({ token, title: 'x' }).catch((e) => e)).toMatchObject({
      reason: 'provider_unavailable',
      permanent: false,
    });
  });

  it('rejects a token that is not a subscription before any request', async () => {
    const error = await push.send({ token: 'not-json', title: 'x' }).catch((e) => e);
    expect(error).toMatchObject({ reason: 'invalid_recipient', permanent: true });
    expect(wp.received).toHaveLength(0);
  });
});
