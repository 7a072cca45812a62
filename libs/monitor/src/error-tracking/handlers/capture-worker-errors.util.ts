import type { ErrorTrackerProtocol } from '@herald/contracts';
import { parseTraceparent } from '../../tracing/traceparent.util.js';
import { activeSpanContext } from '../../utils/active-span-context.util.js';
import type { ErrorTraceContext } from '../trace-context.util.js';
import { reportHandlerError } from './report-handler-error.util.js';

/** The parts of a BullMQ `Job` the capture reads. */
export interface FailedJobLike {
  id?: string | null;
  name?: string;
  attemptsMade?: number;
  data?: unknown;
}

/** The parts of a BullMQ `Worker` the capture uses. */
export interface WorkerLike {
  readonly name: string;
  on(event: 'failed', listener: (job: FailedJobLike | undefined, error: Error) => void): unknown;
  off(event: 'failed', listener: (job: FailedJobLike | undefined, error: Error) => void): unknown;
}

/** Options of `captureWorkerErrors`. */
export interface CaptureWorkerErrorsOptions {
  /** Handler name in the report. @default `<queue>.process` */
  handler?: string;
  /**
   * The `traceparent` a job carries, used for the report's trace when no span
   * is current as the failure is reported. @default `job.data.traceparent`
   */
  traceparentOf?: (job: FailedJobLike) => unknown;
}

function defaultTraceparent(job: FailedJobLike): unknown {
  const data = job.data;
  return typeof data === 'object' && data !== null
    ? (data as { traceparent?: unknown }).traceparent
    : undefined;
}

/**
 * Reports every failed attempt of `worker`'s jobs (a thrown or rejected
 * processor, a stalled job) through `tracker`, with the queue, the job's
 * id, name and attempts, and its trace. It only listens to the worker's
 * `failed` event: retries, backoff and the failed set stay BullMQ's.
 * `MonitorModule` does this for `@Processor()` classes; call it for workers
 * the application creates itself. Returns a function that stops reporting.
 *
 * @example const stop = captureWorkerErrors(new Worker('mail', processMail), tracker);
 */
export function captureWorkerErrors(
  worker: WorkerLike,
  tracker: ErrorTrackerProtocol,
  options: CaptureWorkerErrorsOptions = {},
): () => void {
  const handler = options.handler ?? `${worker.name}.process`;
  const traceparentOf = options.traceparentOf ?? defaultTraceparent;
  const listener = (job: FailedJobLike | undefined, error: Error) => {
    let trace: ErrorTraceContext | undefined;
    if (activeSpanContext() === undefined && job !== undefined) {
      const carried = parseTraceparent(traceparentOf(job));
      if (carried) trace = { trace_id: carried.traceId, span_id: carried.spanId };
    }
    reportHandlerError(
      tracker,
      error,
      {
        kind: 'bullmq',
        handler,
        queue: worker.name,
        jobId: job?.id ?? undefined,
        jobName: job?.name,
        attemptsMade: job?.attemptsMade,
      },
      trace,
    );
  };
  worker.on('failed', listener);
  return () => {
    worker.off('failed', listener);
  };
}
