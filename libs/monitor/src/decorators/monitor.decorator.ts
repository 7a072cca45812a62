import { Logger, type LoggerService } from '@nestjs/common';
import { type SpanProtocol, type TracerProtocol } from '@herald/contracts';
import { redactText } from '@herald/contracts/internal';
import { resolveTracer } from '../tracing/default-tracer.util.js';
import { failSpan } from '../tracing/run-in-span.util.js';
import { qualifiedName } from './describe-arguments.util.js';
import { wrapMethod } from './wrap-method.util.js';

/** Options of `@Monitor()`. */
export interface MonitorOptions {
  /** Also log the number of positional arguments (never their values). @default false */
  logArgs?: boolean;
  /** Where the lines go. @default a Nest `Logger` with context `HeraldMonitor` */
  logger?: LoggerService;
  /** Tracer of the span around each call. @default the current span's tracer, else MonitorModule's, else no-op */
  tracer?: TracerProtocol;
}

/** One structured log line of `@Monitor()`. */
export interface MonitorLogLine {
  event: 'operation_start' | 'operation_end' | 'operation_error';
  operation: string;
  /** Milliseconds since the call started (end and error lines). */
  elapsed_ms?: number;
  /** Positional arguments, with `logArgs`. */
  args_count?: number;
  /** Error class and message (secrets redacted), on `operation_error`. */
  error?: string;
  trace_id?: string;
  span_id?: string;
}

interface MonitoredCall {
  tracer: TracerProtocol;
  started: number;
  span: SpanProtocol;
  base: Pick<MonitorLogLine, 'operation' | 'args_count' | 'trace_id' | 'span_id'>;
}

const DEFAULT_LOGGER = new Logger('HeraldMonitor');

/**
 * Structured logging plus timing around each call: `operation_start`, then
 * `operation_end` or `operation_error`, both with `elapsed_ms`. The call runs
 * in a span (child of the current span) whose ids are on each line. The name
 * defaults to `ClassName.methodName`. Sync and async methods alike; all
 * reflect-metadata of the method is kept.
 *
 * @example
 * @Monitor('billing.charge', { logArgs: true })
 * async charge(order: Order) { ... }
 */
export function Monitor(name?: string, options: MonitorOptions = {}): MethodDecorator {
  return (target, key, descriptor: PropertyDescriptor) => {
    const operation = name ?? qualifiedName(target, key);
    const logger = options.logger ?? DEFAULT_LOGGER;
    return wrapMethod<MonitoredCall>(descriptor, {
      before: (_self, args) => {
        const tracer = resolveTracer(options.tracer);
        const span = tracer.startSpan(operation);
        const base: MonitoredCall['base'] = { operation };
        if (options.logArgs) base.args_count = args.length;
        if (span.isRecording()) {
          base.trace_id = span.spanContext().traceId;
          base.span_id = span.spanContext().spanId;
        }
        logger.log({ event: 'operation_start', ...base } satisfies MonitorLogLine);
        return { tracer, started: performance.now(), span, base };
      },
      run: (call, invoke) => call.tracer.withSpan(call.span, invoke),
      onSettled: (call, error, failed) => {
        const elapsed_ms = Math.round((performance.now() - call.started) * 1000) / 1000;
        if (failed) {
          failSpan(call.span, error);
          const text = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
          logger.error({
            event: 'operation_error',
            ...call.base,
            elapsed_ms,
            error: redactText(text),
          } satisfies MonitorLogLine);
        } else {
          logger.log({ event: 'operation_end', ...call.base, elapsed_ms } satisfies MonitorLogLine);
        }
        call.span.end();
      },
    });
  };
}
