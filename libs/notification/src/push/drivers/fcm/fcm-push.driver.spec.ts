import { NamedPushConfig, NotificationConfig } from '@herald/contracts';
import { DeliveryError } from '../../../errors/delivery.error.js';
import { FakeFcmServer } from '../../../testing/servers/fake-fcm.server.js';
import { DeliveryTelemetry } from '../../../utils/delivery-telemetry.js';
import { useFakeProviderChannel } from '../../../utils/__fixtures__/fake-provider-channel.harness.js';
import { createPushChannel } from '../../create-push-channel.js';
import type { PushChannel } from '../../push-channel.js';
import { FCM_SCOPE } from './google-access-token.provider.js';

describe('fcm push driver against the fake FCM v1 + OAuth server', () => {
  const fake = useFakeProviderChannel({
    start: () => new FakeFcmServer().start(),
    reset: (fcm) => {
      fcm.grants.length = 0;
      fcm.deadTokens.clear();
    },
    make: (fcm: FakeFcmServer, overrides): PushChannel =>
      createPushChannel(
        new NamedPushConfig({
          name: 'fcm',
          driver: 'fcm',
          fcm: { ...fcm.driverConfig(), timeout: 2, ...overrides },
        }).validate(),
        new DeliveryTelemetry(),
      ),
  });

  it('gets an access token with a signed RS256 JWT grant, caches it, and sends the v1 message', async () => {
    const result = await fake.channel.send({
      token: 'device-1',
      title: 'Order shipped',
      body: 'Arrives Tuesday',
      data: { orderId: '42' },
      priority: 'high',
      ttlSeconds: 600,
      collapseKey: 'order-42',
      badge: 3,
      sound: 'default',
    });
    await fake.channel.send({ token: 'device-2', body: 'again', idempotencyKey: 'k-2' });
    expect(fake.server.idempotencyCounts.get('k-2')).toBe(1);
    expect(result).toEqual({
      token: 'device-1',
      success: true,
      messageId: expect.stringMatching(/^projects\/herald-test\/messages\/\d+$/),
      backend: 'fcm',
    });

    expect(fake.server.grants).toHaveLength(1); // cached for the second send
    const [grant] = fake.server.grants;
    expect(grant.valid).toBe(true);
    expect(grant.header).toEqual({ alg: 'RS256', typ: 'JWT' });
    expect(grant.claims).toMatchObject({
      iss: fake.server.clientEmail,
      scope: FCM_SCOPE,
      aud: fake.server.tokenUri,
    });
    expect(grant.claims.exp - grant.claims.iat).toBe(3600);
    const tokenRequest = fake.server.received.find((r) => r.path === '/token')!;
    expect(tokenRequest.form?.grant_type).toBe('urn:ietf:params:oauth:grant-type:jwt-bearer');

    const send = fake.server.received.find((r) => r.path.endsWith('messages:send'))!;
    expect(send.path).toBe('/v1/projects/herald-test/messages:send');
    expect(send.headers.authorization).toMatch(/^Bearer ya29\./);
    expect(fake.server.messages[0]).toEqual({
      token: 'device-1',
      notification: { title: 'Order shipped', body: 'Arrives Tuesday' },
      data: { orderId: '42' },
      android: {
        priority: 'HIGH',
        ttl: '600s',
        collapse_key: 'order-42',
        notification: { sound: 'default' },
      },
      apns: {
        headers: {
          'apns-priority': '10',
          'apns-collapse-id': 'order-42',
          'apns-expiration': expect.stringMatching(/^\d+$/),
        },
        payload: { aps: { badge: 3, sound: 'default' } },
      },
    });
  });

  it('fetches a new token when the cached one expires, and once more after a 401', async () => {
    fake.server.tokenLifetimeSeconds = 60; // cached for lifetime - 60 s = already stale
    await fake.channel.send({ token: 'a', body: 'x' });
    await fake.channel.send({ token: 'b', body: 'x' });
    expect(fake.server.grants).toHaveLength(2);
    fake.server.tokenLifetimeSeconds = 3600;
    await fake.channel.send({ token: 'c', body: 'x' });
    fake.server.revokeTokens();
    await fake.channel.send({ token: 'd', body: 'x' });
    expect(fake.server.grants).toHaveLength(4);
    expect(fake.server.messages.map((m) => m.token)).toEqual(['a', 'b', 'c', 'd']);
  });

  it('reports UNREGISTERED as a dead token, in send and in sendBatch', async () => {
    fake.server.deadTokens.add('gone');
    const error = await fake.channel.send({ token: 'gone', body: 'x' }).catch((e) => e);
    expect(error).toBeInstanceOf(DeliveryError);
    expect(error).toMatchObject({
      reason: 'dead_token',
      permanent: true,
      statusCode: 404,
      providerCode: 'UNREGISTERED',
    });

    const results = await fake.channel.sendBatch(
      ['t1', 'gone', 't3'].map((token) => ({ token, body: 'batch' })),
    );
    expect(results.map((r) => [r.token, r.success, r.dead])).toEqual([
      ['t1', true, undefined],
      ['gone', false, true],
      ['t3', true, undefined],
    ]);
    expect(results[1].error).toMatchObject({ code: 'UNREGISTERED', permanent: true });
  });

  it.each([
    [400, 'bad_request', true, 'INVALID_ARGUMENT'],
    [403, 'forbidden', true, 'SENDER_ID_MISMATCH'],
    [429, 'rate_limited', false, 'QUOTA_EXCEEDED'],
    [500, 'provider_unavailable', false, 'INTERNAL'],
    [503, 'provider_unavailable', false, 'UNAVAILABLE'],
  ])('maps HTTP %i to %s (permanent: %s)', async (status, reason, permanent, code) => {
    fake.server.failNext({ status, headers: status === 429 ? { 'Retry-After': '30' } : {} });
    const error = await fake.channel.send({ token: 'x', body: 'x' }).catch((e) => e);
    expect(error).toMatchObject({ reason, permanent, statusCode: status, providerCode: code });
    if (status === 429) expect(error.retryAfterMs).toBe(30000);
  });

  it('maps a service account the token endpoint refuses to a permanent auth error', async () => {
    await fake.remake({ clientEmail: 'someone-else@herald-test.iam.gserviceaccount.com' });
    const error = await fake.channel.send({ token: 'x', body: 'x' }).catch((e) => e);
    expect(error).toMatchObject({
      reason: 'auth',
      permanent: true,
      statusCode: 400,
      providerCode: 'invalid_grant',
    });
    expect(fake.server.received.filter((r) => r.path.endsWith('messages:send'))).toHaveLength(0);
  });

  it('maps a timeout to a transient error', async () => {
    await fake.channel.send({ token: 'warm', body: 'x' });
    await fake.remake({ timeout: 0.2 });
    fake.server.delayMs = 400;
    const error = await fake.channel.send({ token: 'x', body: 'x' }).catch((e) => e);
    expect(error).toMatchObject({ reason: 'timeout', permanent: false });
  });

  it('rejects the legacy server key at validation with a pointer to the service-account fields', () => {
    expect(() =>
      new NotificationConfig({
        pushBackends: [{ name: 'old', driver: 'fcm', fcm: { serverKey: 'AAAA:legacy' } }],
      }).validate('notification'),
    ).toThrow(
      /push_backends\[0\]\.fcm\.server_key: the legacy FCM server key API was shut down in 2024; configure a service account instead \(fcm\.project_id, fcm\.client_email, fcm\.private_key, or fcm\.service_account_file\)/,
    );
  });
});

describe('fcm config', () => {
  it('requires the service-account fields (or a service account file)', () => {
    expect(() =>
      new NamedPushConfig({ name: 'f', driver: 'fcm', fcm: { projectId: 'p' } }).validate(),
    ).toThrow(
      /fcm\.client_email: is required for the FCM HTTP v1 API: set project_id, client_email and private_key from the service account, or service_account_file/,
    );
    expect(() =>
      new NamedPushConfig({
        name: 'f',
        driver: 'fcm',
        fcm: { serviceAccountFile: '/etc/sa.json' },
      }).validate(),
    ).not.toThrow();
  });
});
