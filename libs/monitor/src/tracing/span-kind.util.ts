import { SpanKind, SpanStatusCode, type SpanStatus } from '@opentelemetry/api';
import type { HeraldSpanKind, SpanStatusLike } from '@herald/contracts';

const TO_OTEL: Record<HeraldSpanKind, SpanKind> = {
  internal: SpanKind.INTERNAL,
  server: SpanKind.SERVER,
  client: SpanKind.CLIENT,
  producer: SpanKind.PRODUCER,
  consumer: SpanKind.CONSUMER,
};
const FROM_OTEL: HeraldSpanKind[] = ['internal', 'server', 'client', 'producer', 'consumer'];

/** Herald's lower-case kind names, or OpenTelemetry's `SpanKind`, to `SpanKind`. @default INTERNAL */
export function toOtelKind(kind: HeraldSpanKind | SpanKind | undefined): SpanKind {
  if (kind === undefined) return SpanKind.INTERNAL;
  if (typeof kind === 'number') return kind;
  return TO_OTEL[kind] ?? SpanKind.INTERNAL;
}

/** OpenTelemetry's `SpanKind` to Herald's lower-case name. */
export function fromOtelKind(kind: SpanKind): HeraldSpanKind {
  return FROM_OTEL[kind] ?? 'internal';
}

const STATUS_CODES: Record<SpanStatusLike['code'], SpanStatusCode> = {
  unset: SpanStatusCode.UNSET,
  ok: SpanStatusCode.OK,
  error: SpanStatusCode.ERROR,
};
const STATUS_NAMES: SpanStatusLike['code'][] = ['unset', 'ok', 'error'];

/** Accepts `'ok'`, `{ code: 'error', message }`, or OpenTelemetry's `{ code: SpanStatusCode.ERROR }`. */
export function toOtelStatus(
  status: SpanStatusLike | SpanStatusLike['code'] | SpanStatus,
): SpanStatus {
  if (typeof status === 'string') return { code: STATUS_CODES[status] ?? SpanStatusCode.UNSET };
  const code = typeof status.code === 'number' ? status.code : STATUS_CODES[status.code];
  return status.message === undefined
    ? { code: code ?? SpanStatusCode.UNSET }
    : { code: code ?? SpanStatusCode.UNSET, message: status.message };
}

/** OpenTelemetry status to Herald's `{ code: 'unset' | 'ok' | 'error', message? }`. */
export function fromOtelStatus(status: SpanStatus): SpanStatusLike {
  const code = STATUS_NAMES[status.code] ?? 'unset';
  return status.message ? { code, message: status.message } : { code };
}
