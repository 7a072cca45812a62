import { NamedSMSConfig } from '@herald/contracts';
import { FakeVonageServer } from '../../../testing/servers/fake-vonage.server.js';
import { deliveryFailure as failure } from '../../../utils/__fixtures__/delivery-failure.js';
import { useFakeProviderChannel } from '../../../utils/__fixtures__/fake-provider-channel.harness.js';
import { recordingTelemetry } from '../../../utils/__fixtures__/recording-telemetry.js';
import { createSmsChannel } from '../../create-sms-channel.js';
import type { SmsChannel } from '../../sms-channel.js';
import { VONAGE_STATUS_REASONS, vonageFailureReason } from './vonage-status-codes.js';

describe('vonage SMS driver against the fake Vonage SMS API', () => {
  let rec: ReturnType<typeof recordingTelemetry>;
  const config = (vonage: FakeVonageServer, overrides: Record<string, unknown> = {}) =>
    new NamedSMSConfig({
      name: 'vg',
      primary: true,
      driver: 'vonage',
      vonage: {
        apiKey: vonage.apiKey,
        apiSecret: vonage.apiSecret,
        from: 'Herald',
        baseUrl: vonage.url,
        timeout: 0.5,
        ...overrides,
      },
    });
  const fake = useFakeProviderChannel({
    start: () => new FakeVonageServer().start(),
    reset: () => {
      rec = recordingTelemetry();
    },
    make: (vonage: FakeVonageServer, overrides): SmsChannel =>
      createSmsChannel(config(vonage, overrides).validate(), rec.telemetry),
  });

  it('POSTs the form with api_key and api_secret and returns the first part id', async () => {
    const result = await fake.channel.send({ to: '+447700900001', body: 'Your code is 123456' });
    expect(result).toEqual({
      messageId: expect.stringMatching(/^[0-9A-F]{16}$/),
      status: 'submitted',
      backend: 'vg',
    });
    const [req] = fake.server.received;
    expect(req.method).toBe('POST');
    expect(req.path).toBe('/sms/json');
    expect(req.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(req.headers.traceparent).toMatch(/^00-/);
    expect(req.form).toEqual({
      api_key: fake.server.apiKey,
      api_secret: fake.server.apiSecret,
      from: 'Herald',
      to: '447700900001',
      text: 'Your code is 123456',
    });
    expect(fake.server.messageIds).toEqual([result.messageId]);
  });

  it('sends type=unicode only for text outside GSM-7, and the idempotency key as client-ref', async () => {
    await fake.channel.send({ to: '+447700900001', body: 'Café à €5 {ok}' });
    await fake.channel.send({
      to: '+447700900001',
      body: 'Привет 👋',
      idempotencyKey: 'k'.repeat(150),
    });
    expect(fake.server.messages.map((m) => m.type)).toEqual([undefined, 'unicode']);
    expect(fake.server.messages.map((m) => m.garbled)).toEqual([undefined, undefined]);
    expect(fake.server.messages[1]['client-ref']).toBe('k'.repeat(100));
  });

  it('asks for delivery receipts at status_callback_url, and only when it is set', async () => {
    await fake.channel.send({ to: '+447700900001', body: 'without' });
    const withCallback = fake.make({
      statusCallbackUrl: 'https://api.example.com/webhooks/vonage/dlr',
    });
    await withCallback.send({ to: '+447700900001', body: 'with' });
    await withCallback.close();
    expect(fake.server.messages.map((m) => [m.callback, m['status-report-req']])).toEqual([
      [undefined, undefined],
      ['https://api.example.com/webhooks/vonage/dlr', '1'],
    ]);
  });

  it.each(['md5hash', 'sha256', 'sha512'] as const)(
    'signs requests with the signature secret (%s) instead of sending api_secret',
    async (method) => {
      const signed = await new FakeVonageServer({ signatureMethod: method }).start();
      try {
        const channelOf = (secret: string) =>
          createSmsChannel(
            new NamedSMSConfig({
              name: 'vg',
              driver: 'vonage',
              vonage: {
                apiKey: signed.apiKey,
                signatureSecret: secret,
                signatureMethod: method,
                from: '+447700900000',
                baseUrl: signed.url,
              },
            }).validate(),
            rec.telemetry,
          );
        const good = channelOf(signed.signatureSecret);
        await good.send({ to: '+447700900001', body: 'signed' });
        await good.close();
        expect(signed.messages[0]).toMatchObject({ from: '447700900000', text: 'signed' });
        expect(signed.messages[0].sig).toMatch(/^[0-9a-f]+$/);
        expect(signed.messages[0].api_secret).toBeUndefined();
        const bad = channelOf('not-the-secret');
        const e = await failure(bad.send({ to: '+447700900001', body: 'signed' }));
        await bad.close();
        expect(e).toMatchObject({ reason: 'auth', permanent: true, providerCode: '14' });
        expect(e.message).not.toContain('not-the-secret');
      } finally {
        await signed.stop();
      }
    },
  );

  it('maps unroutable (6) and non-whitelisted (29) numbers to permanent invalid_recipient', async () => {
    fake.server.unroutable.add('447700900002');
    const unroutable = await failure(fake.channel.send({ to: '+447700900002', body: 'hi' }));
    expect(unroutable).toMatchObject({
      reason: 'invalid_recipient',
      permanent: true,
      statusCode: 200,
      providerCode: '6',
      channel: 'sms',
      backend: 'vg',
    });
    expect(unroutable.message).toBe(
      'Vonage rejected the sms on backend "vg" with status 6: Unroutable message - rejected',
    );
    fake.server.whitelist.add('447700900001');
    const trial = await failure(fake.channel.send({ to: '+447700900003', body: 'hi' }));
    expect(trial).toMatchObject({ reason: 'invalid_recipient', providerCode: '29' });
    expect(
      rec.counts.filter(
        (c) => c.name === 'notification_sent_total' && c.tags?.outcome === 'permanent',
      ),
    ).toHaveLength(2);
  });

  it('maps wrong credentials to a permanent auth error without the secret in it', async () => {
    await fake.remake({ apiSecret: 'wrong-secret' });
    const e = await failure(fake.channel.send({ to: '+447700900001', body: 'hi' }));
    expect(e).toMatchObject({ reason: 'auth', permanent: true, providerCode: '4' });
    expect(e.message).not.toContain('wrong-secret');
  });

  it('maps throttling (status 1) and HTTP 429 / 5xx to transient errors', async () => {
    fake.server
      .failNext({
        status: 200,
        body: { 'message-count': '1', messages: [{ status: '1', 'error-text': 'Throttled' }] },
      })
      .failNext({ status: 429, headers: { 'Retry-After': '3' } })
      .failNext(503);
    const throttled = await failure(fake.channel.send({ to: '+447700900001', body: 'hi' }));
    expect(throttled).toMatchObject({
      reason: 'rate_limited',
      permanent: false,
      providerCode: '1',
    });
    const limited = await failure(fake.channel.send({ to: '+447700900001', body: 'hi' }));
    expect(limited).toMatchObject({ reason: 'rate_limited', retryAfterMs: 3000, statusCode: 429 });
    const down = await failure(fake.channel.send({ to: '+447700900001', body: 'hi' }));
    expect(down).toMatchObject({ reason: 'provider_unavailable', permanent: false });
  });

  it('fails a multi-part message when any part fails, naming that part status', async () => {
    fake.server.failNext({
      status: 200,
      body: {
        'message-count': '2',
        messages: [
          { status: '0', 'message-id': 'A1' },
          { status: '9', 'error-text': 'Partner quota exceeded' },
        ],
      },
    });
    const e = await failure(fake.channel.send({ to: '+447700900001', body: 'x'.repeat(200) }));
    expect(e).toMatchObject({ reason: 'forbidden', permanent: true, providerCode: '9' });
  });

  it('refuses a 200 answer without messages as unknown (retried)', async () => {
    fake.server.failNext({ status: 200, body: { 'message-count': '0' } });
    const e = await failure(fake.channel.send({ to: '+447700900001', body: 'hi' }));
    expect(e).toMatchObject({ reason: 'unknown', permanent: false });
    expect(e.message).toContain('without a message id');
  });

  it('maps timeouts and dropped connections to transient errors', async () => {
    fake.server.delayMs = 800;
    expect(await failure(fake.channel.send({ to: '+447700900001', body: 'hi' }))).toMatchObject({
      reason: 'timeout',
    });
    fake.server.delayMs = 0;
    fake.server.failNext({ drop: true });
    expect(await failure(fake.channel.send({ to: '+447700900001', body: 'hi' }))).toMatchObject({
      reason: 'connection',
    });
  });

  it('config: needs api_secret or signature_secret, a valid sender and method; secrets are redacted', () => {
    expect(() => config(fake.server, { apiSecret: undefined }).validate()).toThrow(
      /api_secret: is required unless signature_secret is set/,
    );
    expect(() => config(fake.server, { from: 'A sender that is far too long' }).validate()).toThrow(
      /from/,
    );
    expect(() => config(fake.server, { signatureMethod: 'sha3' }).validate()).toThrow(
      /signature_method/,
    );
    const dump = JSON.stringify(
      config(fake.server, { signatureSecret: 'sig-secret-value' }).validate(),
    );
    expect(dump).toContain('[REDACTED]');
    expect(dump).not.toContain(fake.server.apiSecret);
    expect(dump).not.toContain('sig-secret-value');
  });

  it('maps every documented status code to a reason; unknown codes are retried', () => {
    expect(vonageFailureReason('29')).toBe('invalid_recipient');
    expect(vonageFailureReason('1')).toBe('rate_limited');
    expect(vonageFailureReason('5')).toBe('provider_unavailable');
    expect(vonageFailureReason('999')).toBe('unknown');
    expect(VONAGE_STATUS_REASONS.has('0')).toBe(false);
  });
});
