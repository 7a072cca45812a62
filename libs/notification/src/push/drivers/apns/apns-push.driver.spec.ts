import { NamedPushConfig } from '@herald/contracts';
import { DeliveryError } from '../../../errors/delivery.error.js';
import { FakeApnsServer } from '../../../testing/servers/fake-apns.server.js';
import { DeliveryTelemetry } from '../../../utils/delivery-telemetry.js';
import { useFakeProviderChannel } from '../../../utils/__fixtures__/fake-provider-channel.harness.js';
import { createPushChannel } from '../../create-push-channel.js';
import type { PushChannel } from '../../push-channel.js';
import type { ApnsPushDriver } from './apns-push.driver.js';

const token = (n: number) => n.toString(16).padStart(64, '0');

describe('apns push driver against the fake APNs (HTTP/2 + TLS)', () => {
  const fake = useFakeProviderChannel({
    start: () => new FakeApnsServer().start(),
    reset: (apns) => apns.deadTokens.clear(),
    make: (apns: FakeApnsServer, overrides): PushChannel =>
      createPushChannel(
        new NamedPushConfig({
          name: 'ios',
          driver: 'apns',
          apns: { ...apns.driverConfig(), timeout: 2, ...overrides },
        }).validate(),
        new DeliveryTelemetry(),
      ),
  });

  it('sends with a verified ES256 provider token and the apns-* headers', async () => {
    const result = await fake.channel.send({
      token: token(1),
      title: 'Hello',
      body: 'World',
      data: { threadId: 't-9' },
      badge: 2,
      sound: 'ping.aiff',
      ttlSeconds: 3600,
      collapseKey: 'chat-9',
      idempotencyKey: 'msg-1',
    });
    expect(result).toMatchObject({ token: token(1), success: true, backend: 'ios' });
    expect(result.messageId).toMatch(/^[0-9A-F-]{36}$/);
    const [got] = fake.server.received;
    expect(got.status).toBe(200);
    expect(got.jwt.valid).toBe(true);
    expect(got.jwt.header).toEqual({ alg: 'ES256', kid: fake.server.keyId });
    expect(got.jwt.claims).toEqual({ iss: fake.server.teamId, iat: expect.any(Number) });
    expect(got.headers[':path']).toBe(`/3/device/${token(1)}`);
    expect(got.headers['apns-topic']).toBe(fake.server.bundleId);
    expect(got.headers['apns-push-type']).toBe('alert');
    expect(got.headers['apns-priority']).toBe('10');
    expect(got.headers['apns-collapse-id']).toBe('chat-9');
    expect(Number(got.headers['apns-expiration'])).toBeGreaterThan(Date.now() / 1000 + 3500);
    expect(got.headers['apns-id']).toBe(result.messageId);
    expect(got.payload).toEqual({
      threadId: 't-9',
      aps: { alert: { title: 'Hello', body: 'World' }, badge: 2, sound: 'ping.aiff' },
    });
  });

  it('sends data-only messages as background pushes with priority 5', async () => {
    await fake.channel.send({ token: token(2), data: { sync: '1' } });
    const [got] = fake.server.received;
    expect(got.status).toBe(200);
    expect(got.headers['apns-push-type']).toBe('background');
    expect(got.headers['apns-priority']).toBe('5');
    expect(got.payload).toEqual({ sync: '1', aps: { 'content-available': 1 } });
  });

  it('multiplexes a batch over one connection with one JWT, and reports dead tokens', async () => {
    fake.server.deadTokens.add(token(3));
    fake.server.deadTokens.add(token(7));
    const before = fake.server.connections;
    const results = await fake.channel.sendBatch(
      Array.from({ length: 50 }, (_, i) => ({ token: token(i), title: 't', body: `n${i}` })),
    );
    expect(results).toHaveLength(50);
    expect(results.filter((r) => r.success)).toHaveLength(48);
    expect(results.filter((r) => r.dead).map((r) => r.token)).toEqual([token(3), token(7)]);
    expect(results[3].error).toMatchObject({ code: 'Unregistered', permanent: true });
    expect(fake.server.connections - before).toBe(1);
    expect((fake.channel.driver as ApnsPushDriver).connectionsOpened).toBe(1);
    expect(new Set(fake.server.received.map((r) => r.headers.authorization)).size).toBe(1);
    expect(results.map((r) => r.token)).toEqual(Array.from({ length: 50 }, (_, i) => token(i))); // same order
  });

  it('reuses the connection across sends and reconnects after the server drops it', async () => {
    const before = fake.server.connections;
    await fake.channel.send({ token: token(1), body: 'a' });
    await fake.channel.send({ token: token(2), body: 'b' });
    expect(fake.server.connections - before).toBe(1);
    fake.server.dropConnections();
    await new Promise((r) => setTimeout(r, 20));
    await fake.channel.send({ token: token(3), body: 'c' });
    expect(fake.server.connections - before).toBe(2);
    expect((fake.channel.driver as ApnsPushDriver).connectionsOpened).toBe(2);
  });

  it('signs a fresh token once after ExpiredProviderToken', async () => {
    await fake.channel.send({ token: token(1), body: 'a' });
    fake.server.expireTokensIssuedBefore = Math.floor(Date.now() / 1000) + 1;
    const driver = fake.channel.driver as ApnsPushDriver;
    (driver as any).tokens.now = () => Date.now() + 2000; // the re-signed token is newer
    await fake.channel.send({ token: token(2), body: 'b' });
    expect(fake.server.received.map((r) => r.reason ?? r.status)).toEqual([
      200,
      'ExpiredProviderToken',
      200,
    ]);
  });

  it.each([
    [400, 'BadDeviceToken', 'invalid_recipient', true],
    [403, 'InvalidProviderToken', 'auth', true],
    [413, 'PayloadTooLarge', 'payload_too_large', true],
    [429, 'TooManyRequests', 'rate_limited', false],
    [500, 'InternalServerError', 'provider_unavailable', false],
    [503, 'ServiceUnavailable', 'provider_unavailable', false],
  ])('maps %i %s to %s', async (status, reason, mapped, permanent) => {
    fake.server.failNext({
      status,
      reason,
      headers: status === 503 ? { 'retry-after': '12' } : undefined,
    });
    const error = await fake.channel.send({ token: token(1), body: 'x' }).catch((e) => e);
    expect(error).toBeInstanceOf(DeliveryError);
    expect(error).toMatchObject({
      reason: mapped,
      permanent,
      statusCode: status,
      providerCode: reason,
    });
    if (status === 503) expect(error.retryAfterMs).toBe(12000);
  });

  it('rejects a key that is not the registered one (InvalidProviderToken)', async () => {
    const other = new FakeApnsServer();
    await fake.remake({ privateKey: other.privateKey });
    const error = await fake.channel.send({ token: token(1), body: 'x' }).catch((e) => e);
    expect(error).toMatchObject({
      reason: 'auth',
      permanent: true,
      providerCode: 'InvalidProviderToken',
    });
  });

  it('maps a timeout and a refused connection to transient errors', async () => {
    fake.server.delayMs = 500;
    await fake.remake({ timeout: 0.2 });
    const slow = await fake.channel.send({ token: token(1), body: 'x' }).catch((e) => e);
    expect(slow).toMatchObject({ reason: 'timeout', permanent: false });
    await fake.remake({ baseUrl: 'https://127.0.0.1:1' });
    const refused = await fake.channel.send({ token: token(1), body: 'x' }).catch((e) => e);
    expect(refused).toMatchObject({ reason: 'connection', permanent: false });
  });
});
