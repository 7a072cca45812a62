import type { SpanAttributes, SpanProtocol, TracerProtocol } from '@herald/contracts';
import { resolveTracer } from './default-tracer.util.js';
import { runInSpan } from './run-in-span.util.js';

type Carrier = Record<string, string>;

/** Options of `tracePublish()`: channel, message type and recipient, plus any attributes. */
export interface TracePublishOptions {
  /** Destination (`mail`, `sms`, a queue name...). */
  channel: string;
  /** @default 'email' (a generic message type; Herald's own mail deliveries name `mail`) */
  messageType?: string;
  /** Recorded masked (`a***@example.com`, `+33******78`), never in clear. */
  recipient?: string;
  /** Message headers to inject the trace context into. @default a new object */
  carrier?: Carrier;
  /** @default the current span's tracer, else MonitorModule's, else no-op */
  tracer?: TracerProtocol;
  [attribute: string]: unknown;
}

/** Options of `traceConsume()`. */
export interface TraceConsumeOptions {
  channel: string;
  /** @default 'unknown' */
  messageType?: string;
  /** Headers of the received message; the span's parent comes from them. */
  carrier?: Record<string, string | string[] | undefined>;
  tracer?: TracerProtocol;
  [attribute: string]: unknown;
}

const RESERVED = new Set(['channel', 'messageType', 'recipient', 'carrier', 'tracer']);

/** Masks a recipient so traces never carry it in clear. */
export function maskRecipient(recipient: string): string {
  const at = recipient.indexOf('@');
  if (at > 0) return `${recipient[0]}***${recipient.slice(at)}`;
  if (recipient.length <= 4) return '***';
  return `${recipient.slice(0, 3)}${'*'.repeat(recipient.length - 5)}${recipient.slice(-2)}`;
}

function extraAttributes(options: Record<string, unknown>, into: SpanAttributes): SpanAttributes {
  for (const [key, value] of Object.entries(options)) {
    if (RESERVED.has(key) || value === undefined || value === null) continue;
    into[key] =
      typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean'
        ? value
        : String(value);
  }
  return into;
}

/**
 * Runs `fn(span, carrier)` in a PRODUCER span (`publish <channel>`) and puts
 * the span's trace context into `carrier` first, so the consumer can continue
 * the trace. Returns what `fn` returns; errors mark the span and are rethrown.
 *
 * @example
 * await tracePublish({ channel: 'mail', recipient: to }, (span, headers) => queue.add(job, { headers }));
 */
export function tracePublish<T>(
  options: TracePublishOptions,
  fn: (span: SpanProtocol, carrier: Carrier) => T,
): T {
  const tracer = resolveTracer(options.tracer);
  const attributes = extraAttributes(options, {
    'messaging.system': 'herald',
    'messaging.operation.type': 'send',
    'messaging.destination.name': options.channel,
    'herald.message_type': options.messageType ?? 'email',
  });
  if (options.recipient) attributes['herald.recipient'] = maskRecipient(options.recipient);
  const carrier = options.carrier ?? {};
  return runInSpan(
    tracer,
    `publish ${options.channel}`,
    { kind: 'producer', attributes },
    (span) => {
      tracer.injectContext(carrier, span.spanContext());
      return fn(span, carrier);
    },
  );
}

/**
 * Runs `fn(span)` in a CONSUMER span (`process <channel>`) whose parent is the
 * trace context found in `carrier` (without one, the current span, if any).
 *
 * @example
 * await traceConsume({ channel: 'mail', carrier: job.data.headers }, () => send(job));
 */
export function traceConsume<T>(options: TraceConsumeOptions, fn: (span: SpanProtocol) => T): T {
  const tracer = resolveTracer(options.tracer);
  const parent = options.carrier ? tracer.extractContext(options.carrier) : undefined;
  const attributes = extraAttributes(options, {
    'messaging.system': 'herald',
    'messaging.operation.type': 'process',
    'messaging.destination.name': options.channel,
    'herald.message_type': options.messageType ?? 'unknown',
  });
  return runInSpan(
    tracer,
    `process ${options.channel}`,
    { kind: 'consumer', attributes, context: parent },
    fn,
  );
}

/** Puts the current trace context (`traceparent`, `tracestate`, `baggage`) into `carrier` and returns it. */
export function injectTraceContext<C extends Carrier>(carrier: C, tracer?: TracerProtocol): C {
  resolveTracer(tracer).injectContext(carrier);
  return carrier;
}
