import { ConsoleLogger, type ConsoleLoggerOptions } from '@nestjs/common';
import { traceLogFields } from './trace-log-fields.util.js';

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
  // Text lines: the context part is formatted once per message (Nest 11 and 12 alike).
  protected override formatContext(context: string): string {
    const formatted = super.formatContext(context);
    const fields = traceLogFields();
    return fields === undefined
      ? formatted
      : `${formatted}trace_id=${fields.trace_id} span_id=${fields.span_id} `;
  }

  constructor();
  constructor(context: string);
  constructor(options: ConsoleLoggerOptions);
  constructor(context: string, options: ConsoleLoggerOptions);
  constructor(contextOrOptions?: string | ConsoleLoggerOptions, options?: ConsoleLoggerOptions) {
    // ConsoleLogger sorts out which of the two it was given, `undefined`s included.
    super(contextOrOptions as string, options as ConsoleLoggerOptions);
    // JSON lines (Nest 11.1+): `getJsonLogObject` builds each line's object. It is
    // wrapped per instance rather than overridden in the class, so the published
    // declaration names no member that Nest 11.0's ConsoleLogger lacks.
    const self = this as unknown as { getJsonLogObject?: (...a: unknown[]) => object };
    const build = self.getJsonLogObject;
    if (typeof build === 'function') {
      self.getJsonLogObject = (...a: unknown[]) => {
        const object = build.apply(this, a);
        const fields = traceLogFields();
        return fields === undefined ? object : Object.assign(object, fields);
      };
    }
  }
}
