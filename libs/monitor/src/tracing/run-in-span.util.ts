import type { SpanProtocol, TracerProtocol } from '@herald/contracts';
import type { HeraldStartSpanOptions } from './tracer.js';
import { isThenable } from '../utils/is-thenable.util.js';

/** Marks `span` failed: an `exception` event plus ERROR status with the error's message. */
export function failSpan(span: SpanProtocol, error: unknown): void {
  span.recordException(error);
  span.setStatus({
    code: 'error',
    message: error instanceof Error ? error.message : String(error),
  });
}

/**
 * Starts a span, runs `fn(span)` with it as the current span and ends it when
 * `fn` returns or its promise settles. An error is recorded (ERROR status)
 * and rethrown. Works with any `TracerProtocol`, the no-op one included.
 */
export function runInSpan<T>(
  tracer: TracerProtocol,
  name: string,
  options: HeraldStartSpanOptions | undefined,
  fn: (span: SpanProtocol) => T,
): T {
  const span = tracer.startSpan(name, options as never);
  let result: T;
  try {
    result = tracer.withSpan(span, () => fn(span));
  } catch (error) {
    failSpan(span, error);
    span.end();
    throw error;
  }
  if (!isThenable(result)) {
    span.end();
    return result;
  }
  return Promise.resolve(result).then(
    (value) => {
      span.end();
      return value;
    },
    (error: unknown) => {
      failSpan(span, error);
      span.end();
      throw error;
    },
  ) as T;
}
