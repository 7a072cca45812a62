/** Trace context in logs: Nest's console logger and pino lines carry the current span's ids. */
export { TraceContextLogger } from './trace-context.logger.js';
export { pinoTraceMixin, withPinoTraceContext, type PinoMixin } from './pino-trace-context.util.js';
export type { TraceLogFields } from './trace-log-fields.util.js';
