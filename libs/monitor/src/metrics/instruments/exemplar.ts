/**
 * The span a recorded value was made in, kept per counter series and per
 * histogram bucket (the latest one wins) and exposed in OpenMetrics as
 * `# {trace_id="…",span_id="…"} <value> <timestamp>`.
 */
export interface Exemplar {
  /** 32 lower-case hex digits. */
  traceId: string;
  /** 16 lower-case hex digits. */
  spanId: string;
  /** The recorded value (the increment, or the observation). */
  value: number;
  /** When it was recorded, epoch milliseconds. */
  timestampMs: number;
}
