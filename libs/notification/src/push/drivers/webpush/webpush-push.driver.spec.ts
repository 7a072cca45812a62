import { generateVAPIDKeys } from 'web-push';
import { NamedPushConfig } from '@herald/contracts';
import { FakeWebPushServer } from '../../../testing/servers/fake-web-push.server.js';
import { DeliveryTelemetry } from '../../../utils/delivery-telemetry.js';
import { useFakeProviderChannel } from '../../../utils/__fixtures__/fake-provider-channel.harness.js';
import { createPushChannel } from '../../create-push-channel.js';
import type { PushChannel } from '../../push-channel.js';

describe('webpush driver against the fake Web Push service (aes128gcm + VAPID)', () => {
  const vapid = generateVAPIDKeys();
  const fake = useFakeProviderChannel({
    start: () => new FakeWebPushServer(vapid.publicKey).start(),
    make: (_wp: FakeWebPushServer, overrides): PushChannel =>
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
      ),
  });

  it('encrypts the payload for the subscription and signs with VAPID', async () => {
    const sub = fake.server.createSubscription();
    const result = await fake.channel.send({
      token: JSON.stringify(sub),
      title: 'Hi',
      body: 'Ünïcode ✓',
      data: { url: '/inbox' },
      ttlSeconds: 60,
      priority: 'high',
      collapseKey: 'inbox',
      idempotencyKey: 'wp-1',
    });
    expect(fake.server.idempotencyCounts.get('wp-1')).toBe(1);
    expect(result).toMatchObject({
      success: true,
      backend: 'web',
      messageId: expect.stringContaining('/message/'),
    });
    const [delivery] = fake.server.deliveries;
    expect(delivery.json).toEqual({ title: 'Hi', body: 'Ünïcode ✓', data: { url: '/inbox' } });
    expect(delivery.vapidClaims).toMatchObject({
      aud: fake.server.url,
      sub: 'mailto:ops@herald.test',
    });
    expect(delivery.headers.ttl).toBe('60');
    expect(delivery.headers.urgency).toBe('high');
    expect(delivery.headers.topic).toBe('inbox');
    expect(delivery.headers['content-encoding']).toBe('aes128gcm');
    const raw = fake.server.received[0].raw;
    expect(raw.includes(Buffer.from('Hi'))).toBe(false); // encrypted on the wire
  });

  it('reports 410 (expired) and 404 (unknown) subscriptions as dead tokens in a batch', async () => {
    const live = fake.server.createSubscription();
    const expired = fake.server.createSubscription();
    fake.server.expire(expired);
    const unknown = {
      ...fake.server.createSubscription(),
      endpoint: `${fake.server.url}/push/nope`,
    };
    const results = await fake.channel.sendBatch(
      [live, expired, unknown].map((s) => ({ token: JSON.stringify(s), title: 't' })),
    );
    expect(results.map((r) => [r.success, r.dead])).toEqual([
      [true, undefined],
      [false, true],
      [false, true],
    ]);
    expect(results[1].error).toMatchObject({ code: 'dead_token', permanent: true });
    expect(fake.server.deliveries).toHaveLength(1);
  });

  it('maps a VAPID key the service does not know to a permanent forbidden error', async () => {
    const other = generateVAPIDKeys();
    await fake.remake({ vapidPublicKey: other.publicKey, vapidPrivateKey: other.privateKey });
    const error = await fake.channel
      .send({ token: JSON.stringify(fake.server.createSubscription()), title: 'x' })
      .catch((e) => e);
    expect(error).toMatchObject({ reason: 'forbidden', permanent: true, statusCode: 403 });
  });

  it('maps 429 with Retry-After and 5xx to transient errors', async () => {
    const token = JSON.stringify(fake.server.createSubscription());
    fake.server.failNext({ status: 429, headers: { 'Retry-After': '3' } }).failNext(502);
    expect(await fake.channel.send({ token, title: 'x' }).catch((e) => e)).toMatchObject({
      reason: 'rate_limited',
      permanent: false,
      retryAfterMs: 3000,
    });
    expect(await fake.channel.send({ token, title: 'x' }).catch((e) => e)).toMatchObject({
      reason: 'provider_unavailable',
      permanent: false,
    });
  });

  it('rejects a token that is not a subscription before any request', async () => {
    const error = await fake.channel.send({ token: 'not-json', title: 'x' }).catch((e) => e);
    expect(error).toMatchObject({ reason: 'invalid_recipient', permanent: true });
    expect(fake.server.received).toHaveLength(0);
  });
});
