import type { Tracer } from '@opentelemetry/api';
import { BasicTracerProvider } from '@opentelemetry/sdk-trace-base';
import { withRandomTraceFlag } from './random-trace-flag.util.js';

/**
 * The `BasicTracerProvider` behind Herald's `Tracer`: its tracers write the
 * W3C Trace Context level-2 `random-trace-id` flag into their spans' trace
 * flags, so it travels on in `traceparent` and in exported spans.
 */
export class RandomTraceFlagTracerProvider extends BasicTracerProvider {
  override getTracer(name: string, version?: string, options?: { schemaUrl?: string }): Tracer {
    return withRandomTraceFlag(super.getTracer(name, version, options));
  }
}
