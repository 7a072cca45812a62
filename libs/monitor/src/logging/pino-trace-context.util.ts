import { traceLogFields, type TraceLogFields } from './trace-log-fields.util.js';

/** pino's `mixin` option: `(mergeObject, level, logger) => object`. */
export type PinoMixin = (mergeObject: object, level: number, logger: unknown) => object;

/**
 * A pino `mixin` adding `trace_id`, `span_id` and `trace_flags` of the
 * current span to every line (nothing outside a span).
 *
 * @example const logger = pino({ mixin: pinoTraceMixin });
 */
export function pinoTraceMixin(): Partial<TraceLogFields> {
  // A new object each time: pino merges the line's own fields into it.
  return traceLogFields() ?? {};
}

/**
 * `options` (pino's, or pino-http's, which nestjs-pino takes as `pinoHttp`)
 * with `pinoTraceMixin` added after any `mixin` already there. Nothing of pino
 * is loaded: the helper only builds the options object.
 *
 * @example
 * pino(withPinoTraceContext({ level: 'info' }));
 * LoggerModule.forRoot({ pinoHttp: withPinoTraceContext({ level: 'info' }) }); // nestjs-pino
 */
export function withPinoTraceContext<T extends object = Record<string, never>>(
  options: T & { mixin?: PinoMixin } = {} as T,
): T & { mixin: PinoMixin } {
  // `T extends object`, not `T extends { mixin? }`: an all-optional constraint would refuse
  // `{ level: 'info' }` (no property in common) and fall back to the constraint.
  const own = options.mixin;
  const mixin: PinoMixin =
    own === undefined
      ? pinoTraceMixin
      : (mergeObject, level, logger) => ({
          ...own(mergeObject, level, logger),
          ...pinoTraceMixin(),
        });
  return { ...options, mixin };
}
