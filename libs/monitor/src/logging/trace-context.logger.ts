import { ConsoleLogger, type LogLevel } from '@nestjs/common';
import { traceLogFields } from './trace-log-fields.util';

/**
 * Nest's `ConsoleLogger` with the current span on every line: in text mode
 * `trace_id=… span_id=…` after the context, in JSON mode (`{ json: true }`)
 * the fields `trace_id`, `span_id` and `trace_flags`. Lines written outside
 * any span are unchanged. The span is OpenTelemetry's current one, so spans
 * of Herald's tracer and of any OpenTelemetry SDK alike.
 *
 * Install it as the application's logger, so every `new Logger(context)` of
 * the application and of Nest itself writes through it:
 *
 * @example
 * const app = await NestFactory.create(AppModule, { logger: new TraceContextLogger() });
 * // or, JSON lines for a log shipper:
 * app.useLogger(new TraceContextLogger({ json: true }));
 */
export class TraceContextLogger extends ConsoleLogger {
  protected override formatMessage(
    logLevel: LogLevel,
    message: unknown,
    pidMessage: string,
    formattedLogLevel: string,
    contextMessage: string,
    timestampDiff: string,
  ): string {
    const fields = traceLogFields();
    const withTrace =
      fields === undefined
        ? contextMessage
        : `${contextMessage}trace_id=${fields.trace_id} span_id=${fields.span_id} `;
    return super.formatMessage(
      logLevel,
      message,
      pidMessage,
      formattedLogLevel,
      withTrace,
      timestampDiff,
    );
  }

  protected override getJsonLogObject(
    message: unknown,
    options: {
      context: string;
      logLevel: LogLevel;
      writeStreamType?: 'stdout' | 'stderr';
      errorStack?: unknown;
    },
  ) {
    const object = super.getJsonLogObject(message, options);
    const fields = traceLogFields();
    return fields === undefined ? object : Object.assign(object, fields);
  }
}
