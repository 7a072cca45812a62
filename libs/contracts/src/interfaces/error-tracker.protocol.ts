/** Reports exceptions to an error tracker such as Sentry (bound under `ERROR_TRACKER`). */
export interface ErrorTrackerProtocol {
  /** Reports an exception; returns the tracker's event id when it has one. */
  captureException(exception: unknown, context?: Record<string, unknown>): string | undefined;
  /** Waits at most `timeoutMs` for pending events; resolves `true` when everything was sent. */
  flush(timeoutMs?: number): Promise<boolean>;
}
