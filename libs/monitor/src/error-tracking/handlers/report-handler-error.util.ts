import type { ErrorTrackerProtocol } from '@herald/contracts';
import type { ErrorTraceContext } from '../trace-context.util.js';

/** Where an error of a background handler was thrown. */
export interface HandlerErrorContext {
  /** What ran the handler. */
  kind: 'bullmq' | 'cron' | 'event';
  /** `Class.method` of the handler. */
  handler: string;
  /** BullMQ: the queue's name. */
  queue?: string;
  /** BullMQ: the job's id. */
  jobId?: string;
  /** BullMQ: the job's name. */
  jobName?: string;
  /** BullMQ: the attempts made so far (including this one). */
  attemptsMade?: number;
  /** `@OnEvent`: the event name(s). */
  event?: string;
  /** `@Cron`: the job's name (its `name` option, else `Class.method`). */
  cron?: string;
  /** `@Cron`: the cron expression. */
  cronTime?: string;
}

const TAG_NAMES: Record<Exclude<keyof HandlerErrorContext, 'kind' | 'handler'>, string> = {
  queue: 'queue',
  jobId: 'job.id',
  jobName: 'job.name',
  attemptsMade: 'job.attempts_made',
  event: 'event',
  cron: 'cron',
  cronTime: 'cron.expression',
};

/** The tracker context of a handler error: its fields as tags, and the trace when known. */
export function handlerErrorContext(
  where: HandlerErrorContext,
  trace?: ErrorTraceContext,
): Record<string, unknown> {
  const tags: Record<string, string> = { 'handler.kind': where.kind, handler: where.handler };
  for (const [key, tag] of Object.entries(TAG_NAMES)) {
    const value = where[key as keyof typeof TAG_NAMES];
    if (value !== undefined && value !== null && value !== '') tags[tag] = String(value);
  }
  return trace ? { tags, trace } : { tags };
}

/**
 * Hands `error` to `tracker` with where it was thrown. Reporting never
 * throws: the handler's own error is what the framework must see.
 */
export function reportHandlerError(
  tracker: ErrorTrackerProtocol,
  error: unknown,
  where: HandlerErrorContext,
  trace?: ErrorTraceContext,
): void {
  try {
    tracker.captureException(error, handlerErrorContext(where, trace));
  } catch {
    // A failing tracker must not change what happens to the handler's error.
  }
}
