import { DeliveryError, parseRetryAfter } from './delivery.error.js';

describe('DeliveryError', () => {
  it.each([
    ['bad_request', true],
    ['invalid_recipient', true],
    ['dead_token', true],
    ['auth', true],
    ['rate_limited', false],
    ['provider_unavailable', false],
    ['timeout', false],
    ['connection', false],
    ['circuit_open', false],
  ] as const)('%s is permanent=%s', (reason, permanent) => {
    const error = new DeliveryError('x', { reason, retryAfterMs: 5 });
    expect(error.permanent).toBe(permanent);
    expect(error.transient).toBe(!permanent);
    expect(DeliveryError.isTransient(error)).toBe(!permanent);
    expect(error.code).toBe(`HERALD_DELIVERY_${reason.toUpperCase()}`);
    expect(error.name).toBe('DeliveryError');
  });

  it('maps HTTP statuses', () => {
    expect(
      [400, 401, 403, 404, 410, 413, 429, 500, 503].map(DeliveryError.reasonForHttpStatus),
    ).toEqual([
      'bad_request',
      'auth',
      'forbidden',
      'dead_token',
      'dead_token',
      'payload_too_large',
      'rate_limited',
      'provider_unavailable',
      'provider_unavailable',
    ]);
    expect(DeliveryError.isTransient(new Error('x'))).toBe(false);
  });

  it('parses Retry-After as seconds or an HTTP date', () => {
    const now = Date.parse('2026-01-01T00:00:00Z');
    expect(parseRetryAfter('120', now)).toBe(120000);
    expect(parseRetryAfter('Thu, 01 Jan 2026 00:00:30 GMT', now)).toBe(30000);
    expect(parseRetryAfter('Wed, 31 Dec 2025 00:00:00 GMT', now)).toBe(0);
    expect(parseRetryAfter(undefined)).toBeUndefined();
    expect(parseRetryAfter('soon')).toBeUndefined();
  });
});
