import type { SpanAttributes, SpanProtocol, TracerProtocol } from '@herald/contracts';
import { runTraced } from '../../utils/run-traced.util.js';

/**
 * Runs `fn(carrier)` in a PRODUCER span `publish <queue>`: `carrier` holds
 * the span's trace context (`traceparent`, `tracestate`, `baggage`) to put in
 * the job data, so the worker's CONSUMER span continues the same trace.
 * One span per batch of jobs (`messaging.batch.message_count`).
 */
export function tracePublishJobs<T>(
  tracer: TracerProtocol | undefined,
  queue: string,
  count: number,
  fn: (carrier: Record<string, string> | undefined) => Promise<T>,
): Promise<T> {
  return runTraced(
    tracer,
    `publish ${queue}`,
    {
      kind: 'producer',
      attributes: {
        'messaging.system': 'bullmq',
        'messaging.operation.type': 'send',
        'messaging.destination.name': queue,
        'messaging.batch.message_count': count === 1 ? undefined : count,
      },
    },
    (span) => fn(span && tracer ? tracer.injectContext({}, span.spanContext()) : undefined),
  );
}

/**
 * Runs `fn(span)` in a CONSUMER span `process <queue>` whose parent is the
 * trace context the producer put in the job (`carrier`); a job without one
 * starts a new trace.
 */
export function traceProcessJob<T>(
  tracer: TracerProtocol | undefined,
  queue: string,
  carrier: Record<string, string> | undefined,
  attributes: SpanAttributes,
  fn: (span: SpanProtocol | undefined) => Promise<T>,
): Promise<T> {
  const parent = carrier && tracer ? tracer.extractContext(carrier) : undefined;
  return runTraced(
    tracer,
    `process ${queue}`,
    {
      kind: 'consumer',
      context: parent,
      attributes: {
        'messaging.system': 'bullmq',
        'messaging.operation.type': 'process',
        'messaging.destination.name': queue,
        ...attributes,
      },
    },
    fn,
  );
}
