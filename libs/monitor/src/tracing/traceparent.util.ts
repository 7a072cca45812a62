/** The `sampled` trace flag (W3C Trace Context, level 1). */
export const TRACE_FLAG_SAMPLED = 0x01;
/** The `random-trace-id` trace flag (W3C Trace Context, level 2): the trace id's right-most 7 bytes are random. */
export const TRACE_FLAG_RANDOM = 0x02;
/** The flags Herald knows; every other bit is written as zero, as the specification requires. */
const KNOWN_FLAGS = TRACE_FLAG_SAMPLED | TRACE_FLAG_RANDOM;

/** `version-traceid-parentid-flags`, lowercase hex, then `-fields` of a later version. */
const TRACEPARENT = /^([0-9a-f]{2})-([0-9a-f]{32})-([0-9a-f]{16})-([0-9a-f]{2})(-.*)?$/;
const ZERO_TRACE_ID = '0'.repeat(32);
const ZERO_SPAN_ID = '0'.repeat(16);

/** The fields of a valid `traceparent`. */
export interface TraceparentFields {
  traceId: string;
  spanId: string;
  /** All eight bits as received; only `sampled` and `random` are written back. */
  traceFlags: number;
}

/** Whether `code` is HTTP's optional whitespace (space or horizontal tab). */
function isOws(code: number): boolean {
  return code === 0x20 || code === 0x09;
}

/** `value` without leading and trailing spaces and tabs (and no copy when there are none). */
export function trimOws(value: string): string {
  let start = 0;
  let end = value.length;
  while (start < end && isOws(value.charCodeAt(start))) start++;
  while (end > start && isOws(value.charCodeAt(end - 1))) end--;
  return start === 0 && end === value.length ? value : value.slice(start, end);
}

/**
 * Parses a `traceparent` value by the W3C Trace Context rules (levels 1 and 2):
 * surrounding spaces and tabs are ignored; version `00` is exactly
 * `00-<32 hex>-<16 hex>-<2 hex>`; a later version (`01`..`fe`) may append
 * `-`-separated fields, which are ignored; version `ff`, uppercase hex and
 * all-zero ids are invalid. Returns `undefined` for anything invalid.
 */
export function parseTraceparent(value: unknown): TraceparentFields | undefined {
  if (typeof value !== 'string') return undefined;
  const match = TRACEPARENT.exec(trimOws(value));
  if (match === null) return undefined;
  const [, version, traceId, spanId, flags, extra] = match;
  if (version === 'ff' || (version === '00' && extra !== undefined)) return undefined;
  if (traceId === ZERO_TRACE_ID || spanId === ZERO_SPAN_ID) return undefined;
  return { traceId, spanId, traceFlags: parseInt(flags, 16) };
}

/** The version-`00` `traceparent` of these ids; flags other than `sampled` and `random` are written as zero. */
export function formatTraceparent(traceId: string, spanId: string, traceFlags: number): string {
  const flags = traceFlags & KNOWN_FLAGS;
  return `00-${traceId}-${spanId}-0${flags.toString(16)}`;
}
