import type { TextMapGetter, TextMapPropagator, TextMapSetter } from '@opentelemetry/api';
import { CompositePropagator, W3CBaggagePropagator } from '@opentelemetry/core';
import { HeraldValueError } from '../errors/index.js';
import { TraceContextPropagator } from './trace-context.propagator.js';

/** Names accepted in `tracing.propagation_formats`. */
export type PropagationFormat = 'tracecontext' | 'baggage';

const FACTORIES: Record<PropagationFormat, () => TextMapPropagator> = {
  tracecontext: () => new TraceContextPropagator(),
  baggage: () => new W3CBaggagePropagator(),
};

/**
 * The W3C propagators for the configured formats, composed: Herald's
 * `TraceContextPropagator` (`traceparent`, `tracestate`) and OpenTelemetry's
 * `W3CBaggagePropagator`.
 * @default ['tracecontext', 'baggage']
 */
export function createPropagator(
  formats: readonly string[] = ['tracecontext', 'baggage'],
): TextMapPropagator {
  const propagators = formats.map((format) => {
    const factory = FACTORIES[format as PropagationFormat];
    if (!factory) {
      throw new HeraldValueError(
        `Unknown propagation format "${format}": use one of ${Object.keys(FACTORIES).join(', ')}.`,
      );
    }
    return factory();
  });
  return new CompositePropagator({ propagators });
}

/** Reads a header-like carrier, whatever the case of its keys (HTTP headers, message headers). */
export const carrierGetter: TextMapGetter<Record<string, unknown>> = {
  keys: (carrier) => Object.keys(carrier),
  get: (carrier, key) => {
    let value = carrier[key];
    if (value === undefined) {
      const found = Object.keys(carrier).find((k) => k.toLowerCase() === key);
      value = found === undefined ? undefined : carrier[found];
    }
    if (typeof value === 'string') return value;
    return Array.isArray(value) ? (value as string[]) : undefined;
  },
};

/** Writes string values into a plain-object carrier. */
export const carrierSetter: TextMapSetter<Record<string, string>> = {
  set: (carrier, key, value) => {
    carrier[key] = value;
  },
};
