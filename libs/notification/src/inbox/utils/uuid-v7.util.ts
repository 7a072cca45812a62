import { randomBytes } from 'node:crypto';

/**
 * Time-ordered UUIDs (RFC 9562 version 7) that increase strictly within one
 * generator: ids created in the same millisecond keep their creation order, so
 * the inbox's newest-first keyset order (createdAt, id) is exact.
 */
export class UuidV7Generator {
  private lastMs = 0;
  private counter = 0;

  /** Returns `[uuid, ms]`; `ms` is the timestamp embedded in the uuid. */
  next(now = Date.now()): [string, number] {
    let ms = now;
    if (ms <= this.lastMs) {
      ms = this.lastMs;
      this.counter++;
      if (this.counter > 0xfff) {
        ms++;
        this.counter = 0;
      }
    } else {
      this.counter = 0;
    }
    this.lastMs = ms;
    const bytes = randomBytes(16);
    bytes.writeUIntBE(ms, 0, 6);
    bytes[6] = 0x70 | (this.counter >> 8);
    bytes[7] = this.counter & 0xff;
    bytes[8] = 0x80 | (bytes[8] & 0x3f);
    const hex = bytes.toString('hex');
    const id = `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
    return [id, ms];
  }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;

/** True for a canonical UUID string (any version); what a `message_id` must look like. */
export function isUuid(value: unknown): value is string {
  return typeof value === 'string' && UUID.test(value);
}
