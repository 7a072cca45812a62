/**
 * A request of the inbox client failed: `status` is the HTTP status (0 when no
 * answer came), `operation` the client method. The message carries the
 * server's own explanation, never the token.
 */
export class InboxRequestError extends Error {
  constructor(
    readonly operation: string,
    readonly status: number,
    detail?: string,
    options?: { cause?: unknown },
  ) {
    super(
      `inbox ${operation} failed: ${status ? `HTTP ${status}` : 'no answer from the server'}${detail ? `: ${detail}` : ''}`,
      options,
    );
    this.name = 'InboxRequestError';
  }
}
