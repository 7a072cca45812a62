import { NamedPushConfig, NotificationConfig } from '@herald/contracts';
import { DeliveryError } from '../../../errors/delivery.error.js';
import { FakeFcmServer } from '../../../testing/servers/fake-fcm.server.js';
import { DeliveryTelemetry } from '../../../utils/delivery-telemetry.js';
import { createPushChannel } from '../../create-push-channel.js';
import type { PushChannel } from '../../push-channel.js';
import { FCM_SCOPE } from './google-access-token.provider.js';

describe('fcm push driver against the fake FCM v1 + OAuth server', () => {
  let fcm: FakeFcmServer;
  let push: PushChannel;
  const make = (overrides: Record<string, unknown> = {}) =>
    createPushChannel(
      new NamedPushConfig({
        name: 'fcm',
        driver: 'fcm',
        fcm: { ...fcm.driverConfig(), timeout: 2, ...overrides },
      }).validate(),
      new DeliveryTelemetry(),
    );

  beforeAll(async () => {
    fcm = await new FakeFcmServer().start();
  });
  afterAll(() => fcm.stop());
  beforeEach(() => {
    fcm.reset();
    fcm.grants.length = 0;
    fcm.deadTokens.clear();
    push = make();
  });
  afterEach(() => push.close());

  it('gets an access token with a signed RS256 JWT grant, caches it, and sends the v1 message', async () => {
    const result = await push.send({
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
    await push.send({ token: 'device-2', body: 'again', idempotencyKey: 'k-2' });
    expect(fcm.idempotencyCounts.get('k-2')).toBe(1);
    expect(result).toEqual({
      token: 'device-1',
      success: true,
      messageId: expect.stringMatching(/^projects\/herald-test\/messages\/\d+$/),
      backend: 'fcm',
    });

    expect(fcm.grants).toHaveLength(1); // cached for the second send
    const [grant] = fcm.grants;
    expect(grant.valid).toBe(true);
    expect(grant.header).toEqual({ alg: 'RS256', typ: 'JWT' });
    expect(grant.claims).toMatchObject({
      iss: fcm.clientEmail,
      scope: FCM_SCOPE,
      aud: fcm.tokenUri,
    });
    expect(grant.claims.exp - grant.claims.iat).toBe(3600);
    const tokenRequest = fcm.received.find((r) => r.path === '/token')!;
    expect(tokenRequest.form?.grant_type).toBe('urn:ietf:params:oauth:grant-type:jwt-bearer');

    const send = fcm.received.find((r) => r.path.endsWith('messages:send'))!;
    expect(send.path).toBe('/v1/projects/herald-test/messages:send');
    expect(send.headers.authorization).toMatch(/^Bearer ya29\./);
    expect(fcm.messages[0]).toEqual({
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
    fcm.tokenLifetimeSeconds = 60; // cached for lifetime - 60 s = already stale
    await push.send({ token: 'a', body: 'x' });
    await push.send({ token: 'b', body: 'x' });
    expect(fcm.grants).toHaveLength(2);
    fcm.tokenLifetimeSeconds = 3600;
    await push.send({ token: 'c', body: 'x' });
    fcm.revokeTokens();
    await push.send({ token: 'd', body: 'x' });
    expect(fcm.grants).toHaveLength(4);
    expect(fcm.messages.map((m) => m.token)).toEqual(['a', 'b', 'c', 'd']);
  });

  it('reports UNREGISTERED as a dead token, in send and in sendBatch', async () => {
    fcm.deadTokens.add('gone');
    const error = await push.send({ token: 'gone', body: 'x' }).catch((e) => e);
    expect(error).toBeInstanceOf(DeliveryError);
    expect(error).toMatchObject({
      reason: 'dead_token',
      permanent: true,
      statusCode: 404,
      providerCode: 'UNREGISTERED',
    });

    const results = await push.sendBatch(
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
    fcm.failNext({ status, headers: status === 429 ? { 'Retry-After': '30' } : {} });
    const error = await push.send({ token: 'x', body: 'x' }).catch((e) => e);
    expect(error).toMatchObject({ reason, permanent, statusCode: status, providerCode: code });
    if (status === 429) expect(error.retryAfterMs).toBe(30000);
  });

  it('maps a service account the token endpoint refuses to a permanent auth error', async () => {
    push = make({ clientEmail: 'someone-else@herald-test.iam.gserviceaccount.com' });
    const error = await push.send({ token: 'x', body: 'x' }).catch((e) => e);
    expect(error).toMatchObject({
      reason: 'auth',
      permanent: true,
      statusCode: 400,
      providerCode: 'invalid_grant',
    });
    expect(fcm.received.filter((r) => r.path.endsWith('messages:send'))).toHaveLength(0);
  });

  it('maps a timeout to a transient error', async () => {
    await push.send({ token: 'warm', body: 'x' });
    push.close();
    push = make({ timeout: 0.2 });
    fcm.delayMs = 400;
    const error = await push.send({ token: 'x', body: 'x' }).catch((e) => e);
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
