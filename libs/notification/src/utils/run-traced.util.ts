import type { SpanProtocol, StartSpanOptions, TracerProtocol } from '@herald/contracts';

/**
 * Runs `fn(span)` inside a new span made current (across awaits): `ok` when
 * it resolves, the exception recorded and `error` when it rejects, ended
 * either way. Without a tracer, `fn(undefined)` runs as is.
 */
export async function runTraced<T>(
  tracer: TracerProtocol | undefined,
  name: string,
  options: StartSpanOptions,
  fn: (span: SpanProtocol | undefined) => Promise<T>,
): Promise<T> {
  if (!tracer) return fn(undefined);
  const span = tracer.startSpan(name, options);
  try {
    const result = await tracer.withSpan(span, () => fn(span));
    span.setStatus('ok');
    return result;
  } catch (error) {
    span.recordException(error);
    span.setStatus({ code: 'error', message: (error as Error)?.message });
    throw error;
  } finally {
    span.end();
  }
}
