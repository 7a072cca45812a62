import { PushPayloadTooLargeError } from '../errors/push-payload-too-large.error.js';
import { assertPushPayloadSize, pushPayloadSizes } from './push-payload-limit.util.js';

describe('push payload limits', () => {
  it('measures the APNs and FCM payloads in UTF-8 bytes', () => {
    const sizes = pushPayloadSizes({ title: 'é', body: 'b' });
    expect(sizes.apns).toBe(
      Buffer.byteLength(JSON.stringify({ aps: { alert: { title: 'é', body: 'b' } } })),
    );
    expect(sizes.fcm).toBe(
      Buffer.byteLength(JSON.stringify({ notification: { title: 'é', body: 'b' } })),
    );
  });

  it('accepts a payload of exactly 4096 bytes and refuses 4097 with a typed error naming the provider', () => {
    const overhead = pushPayloadSizes({ title: 't', body: '' }).apns;
    const fits = { title: 't', body: 'x'.repeat(4096 - overhead) };
    expect(pushPayloadSizes(fits).apns).toBe(4096);
    expect(() => assertPushPayloadSize(fits)).not.toThrow();
    const over = { title: 't', body: 'x'.repeat(4097 - overhead) };
    const error = captured(() => assertPushPayloadSize(over, 'OrderShipped'));
    expect(error).toBeInstanceOf(PushPayloadTooLargeError);
    expect(error).toMatchObject({ provider: 'apns', bytes: 4097, limit: 4096 });
    expect(error.message).toContain('OrderShipped.toPush()');
  });

  it('counts multi-byte characters by their UTF-8 length (Japanese: 3 bytes each)', () => {
    const error = captured(() => assertPushPayloadSize({ body: 'あ'.repeat(1400) }));
    expect(error).toBeInstanceOf(PushPayloadTooLargeError);
    expect((error as PushPayloadTooLargeError).bytes).toBeGreaterThan(4200);
  });

  it('counts the data keys on both providers', () => {
    const error = captured(() => assertPushPayloadSize({ data: { blob: 'z'.repeat(5000) } }));
    expect(error).toBeInstanceOf(PushPayloadTooLargeError);
  });
});

function captured(fn: () => void): PushPayloadTooLargeError {
  try {
    fn();
  } catch (error) {
    return error as PushPayloadTooLargeError;
  }
  throw new Error('expected an error');
}
