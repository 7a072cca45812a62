import type { SpanProtocol, TracerProtocol } from '@herald/contracts';
import { resolveTracer } from '../tracing/default-tracer.util.js';
import { failSpan } from '../tracing/run-in-span.util.js';
import { describeArguments, qualifiedName } from './describe-arguments.util.js';
import { wrapMethod } from './wrap-method.util.js';

/** Options of `@Traced()`. */
export interface TracedOptions {
  /** Recorded as the span's `service.name` attribute (e.g. the downstream service called). */
  service?: string;
  /** Record the arguments as an `arguments` span event. @default true */
  recordArguments?: boolean;
  /** Tracer to use. @default the current span's tracer, else MonitorModule's, else no-op */
  tracer?: TracerProtocol;
}

interface TracedCall {
  tracer: TracerProtocol;
  span: SpanProtocol;
}

/**
 * Runs each call of the method in a span (INTERNAL, child of the current
 * span), named `spanName` or `ClassName.methodName`. The arguments are
 * recorded as an `arguments` event (values truncated, secret-looking keys
 * redacted); an exception is recorded with ERROR status and rethrown. Works
 * for sync and async methods and keeps every reflect-metadata key of the
 * method, so it can sit above `@Get()`, `@UseGuards()` or `@OnEvent()`.
 *
 * @example
 * @Traced('orders.load', { service: 'orders-db' })
 * async load(id: string) { ... }
 */
export function Traced(spanName?: string, options: TracedOptions = {}): MethodDecorator {
  return (target, key, descriptor: PropertyDescriptor) => {
    const name = spanName ?? qualifiedName(target, key);
    const attributes = options.service ? { 'service.name': options.service } : undefined;
    const recordArguments = options.recordArguments !== false;
    return wrapMethod<TracedCall>(descriptor, {
      before: (_self, args) => {
        const tracer = resolveTracer(options.tracer);
        const span = tracer.startSpan(name, attributes && { attributes });
        if (recordArguments && span.isRecording()) {
          span.addEvent('arguments', describeArguments(args));
        }
        return { tracer, span };
      },
      run: (call, invoke) => call.tracer.withSpan(call.span, invoke),
      onSettled: (call, error, failed) => {
        if (failed) failSpan(call.span, error);
        call.span.end();
      },
    });
  };
}
