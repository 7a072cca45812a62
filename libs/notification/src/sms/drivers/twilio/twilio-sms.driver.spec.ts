import { NamedSMSConfig } from '@herald/contracts';
import { FakeTwilioServer } from '../../../testing/servers/fake-twilio.server.js';
import { deliveryFailure as failure } from '../../../utils/__fixtures__/delivery-failure.js';
import { useFakeProviderChannel } from '../../../utils/__fixtures__/fake-provider-channel.harness.js';
import { recordingTelemetry } from '../../../utils/__fixtures__/recording-telemetry.js';
import { createSmsChannel } from '../../create-sms-channel.js';
import type { SmsChannel } from '../../sms-channel.js';

describe('twilio SMS driver against the fake Twilio server', () => {
  let rec: ReturnType<typeof recordingTelemetry>;
  const fake = useFakeProviderChannel({
    start: () => new FakeTwilioServer().start(),
    reset: () => {
      rec = recordingTelemetry();
    },
    make: (twilio: FakeTwilioServer, overrides): SmsChannel =>
      createSmsChannel(
        new NamedSMSConfig({
          name: 'tw',
          primary: true,
          driver: 'twilio',
          twilio: {
            accountSid: twilio.accountSid,
            authToken: twilio.authToken,
            fromNumber: '+15005550006',
            baseUrl: twilio.url,
            timeout: 0.5,
            ...overrides,
          },
        }).validate(),
        rec.telemetry,
      ),
  });

  it('asks for status callbacks at status_callback_url, and only when it is set', async () => {
    await fake.channel.send({ to: '+15551234567', body: 'without' });
    const withCallback = fake.make({ statusCallbackUrl: 'https://api.example.com/hooks/twilio' });
    await withCallback.send({ to: '+15551234567', body: 'with' });
    await withCallback.close();
    expect(fake.server.messages.map((m) => m.StatusCallback)).toEqual([
      undefined,
      'https://api.example.com/hooks/twilio',
    ]);
    expect(() => fake.make({ statusCallbackUrl: 'not a url' })).toThrow(/status_callback_url/);
  });

  it('POSTs the form fields with Basic auth and returns the message sid', async () => {
    const result = await fake.channel.send({
      to: '+15551234567',
      body: 'Your code is 123456',
      idempotencyKey: 'k-1',
    });
    expect(result).toEqual({
      messageId: expect.stringMatching(/^SM[0-9a-f]{32}$/),
      status: 'queued',
      backend: 'tw',
    });
    const [req] = fake.server.received;
    expect(req.method).toBe('POST');
    expect(req.path).toBe(`/2010-04-01/Accounts/${fake.server.accountSid}/Messages.json`);
    expect(req.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(req.headers.authorization).toBe(
      `Basic ${Buffer.from(`${fake.server.accountSid}:${fake.server.authToken}`).toString('base64')}`,
    );
    expect(req.headers['i-twilio-idempotency-token']).toBe('k-1');
    expect(req.headers.traceparent).toMatch(/^00-/);
    expect(req.form).toEqual({
      To: '+15551234567',
      From: '+15005550006',
      Body: 'Your code is 123456',
    });
    expect(fake.server.idempotencyCounts.get('k-1')).toBe(1);
  });

  it('uses the messaging service sid instead of From when configured', async () => {
    await fake.remake({ messagingServiceSid: 'MG123' });
    await fake.channel.send({ to: '+15551234567', body: 'hi' });
    expect(fake.server.messages[0]).toEqual({
      To: '+15551234567',
      MessagingServiceSid: 'MG123',
      Body: 'hi',
    });
  });

  it('is a PRODUCER span with the recipient masked, counted as success', async () => {
    await fake.channel.send({ to: '+15551234567', body: 'hi' });
    expect(rec.spans).toHaveLength(1);
    expect(rec.spans[0].options.kind).toBe('producer');
    expect(rec.spans[0].attributes['herald.recipient']).toBe('+1******4567');
    expect(JSON.stringify(rec.spans[0].attributes)).not.toContain('5551234567');
    expect(rec.counts).toContainEqual({
      name: 'notification_sent_total',
      value: 1,
      tags: { channel: 'sms', backend: 'tw', outcome: 'success' },
    });
    expect(rec.counts.some((c) => c.name === 'notification_send_duration_seconds')).toBe(true);
  });

  it('maps Twilio errors: invalid number and unsubscribed are permanent invalid_recipient', async () => {
    fake.server.unsubscribed.add('+15550000001');
    const e = await failure(fake.channel.send({ to: '+15550000001', body: 'hi' }));
    expect(e).toMatchObject({
      reason: 'invalid_recipient',
      permanent: true,
      statusCode: 400,
      providerCode: '21610',
      channel: 'sms',
      backend: 'tw',
    });
    expect(rec.counts).toContainEqual({
      name: 'notification_sent_total',
      value: 1,
      tags: { channel: 'sms', backend: 'tw', outcome: 'permanent' },
    });
  });

  it('rejects a non-E.164 recipient before any request', async () => {
    const e = await failure(fake.channel.send({ to: '555-1234', body: 'hi' }));
    expect(e).toMatchObject({ reason: 'invalid_recipient', permanent: true });
    expect(fake.server.received).toHaveLength(0);
  });

  it('maps wrong credentials to a permanent auth error', async () => {
    await fake.remake({ authToken: 'wrong' });
    const e = await failure(fake.channel.send({ to: '+15551234567', body: 'hi' }));
    expect(e).toMatchObject({
      reason: 'auth',
      permanent: true,
      statusCode: 401,
      providerCode: '20003',
    });
    expect(e.message).not.toContain('wrong');
  });

  it('maps 429 with Retry-After and 5xx to transient errors', async () => {
    fake.server.failNext({ status: 429, headers: { 'Retry-After': '7' } }).failNext(503);
    const limited = await failure(fake.channel.send({ to: '+15551234567', body: 'hi' }));
    expect(limited).toMatchObject({
      reason: 'rate_limited',
      permanent: false,
      retryAfterMs: 7000,
      providerCode: '20429',
    });
    const down = await failure(fake.channel.send({ to: '+15551234567', body: 'hi' }));
    expect(down).toMatchObject({
      reason: 'provider_unavailable',
      permanent: false,
      statusCode: 503,
    });
    expect(rec.counts.filter((c) => c.tags?.outcome === 'transient')).toHaveLength(2);
  });

  it('maps timeouts and dropped connections to transient errors', async () => {
    fake.server.delayMs = 800;
    const slow = await failure(fake.channel.send({ to: '+15551234567', body: 'hi' }));
    expect(slow).toMatchObject({ reason: 'timeout', permanent: false });
    fake.server.delayMs = 0;
    fake.server.failNext({ drop: true });
    const dropped = await failure(fake.channel.send({ to: '+15551234567', body: 'hi' }));
    expect(dropped).toMatchObject({ reason: 'connection', permanent: false });
  });

  it('maps a refused connection to a transient connection error', async () => {
    const gone = await new FakeTwilioServer().start();
    const url = gone.url;
    await gone.stop();
    await fake.remake({ baseUrl: url });
    const e = await failure(fake.channel.send({ to: '+15551234567', body: 'hi' }));
    expect(e).toMatchObject({
      reason: 'connection',
      permanent: false,
      providerCode: 'ECONNREFUSED',
    });
  });
});
