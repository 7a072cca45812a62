import type { IncomingMessage } from 'node:http';

/** What `readBoundedBody` found. */
export interface BoundedBody {
  /** The whole body; absent when it was over the limit. */
  body?: Buffer;
  /** Bytes received (or declared by `Content-Length` when refused unread). */
  size: number;
  /**
   * Whether the request was read to its end, so the keep-alive connection can
   * carry the next request; `false` past the drain bound (answer with
   * `Connection: close`).
   */
  drained: boolean;
}

/** How far past its limit a body is still read and thrown away: 4 × the limit, at least 16 MiB. */
export const drainBound = (limit: number): number => Math.max(4 * limit, 16 * 1024 * 1024);

/**
 * Reads a request body of at most `limit` bytes. A larger body is read on and
 * discarded (never kept) up to `drainBound(limit)`, so the response can be a
 * 413 on a connection that stays usable; past that bound (or a declared
 * `Content-Length` over it) reading stops and `drained` is `false`. Never
 * stops mid-body by destroying the stream (as leaving a `for await` does).
 * Rejects when the client aborts.
 */
export function readBoundedBody(req: IncomingMessage, limit: number): Promise<BoundedBody> {
  const bound = drainBound(limit);
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > bound)
    return Promise.resolve({ size: declared, drained: false });
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let over = false;
    const done = (): void => {
      req.off('data', onData);
      req.off('end', onEnd);
      req.off('error', onError);
      req.off('close', onClose);
    };
    const onData = (chunk: Buffer): void => {
      size += chunk.length;
      if (over || size > limit) {
        over = true;
        chunks.length = 0;
        if (size > bound) {
          done();
          req.pause();
          resolve({ size, drained: false });
        }
        return;
      }
      chunks.push(chunk);
    };
    const onEnd = (): void => {
      done();
      resolve(
        over ? { size, drained: true } : { body: Buffer.concat(chunks), size, drained: true },
      );
    };
    const onError = (error: Error): void => {
      done();
      reject(error);
    };
    const onClose = (): void => {
      done();
      reject(new Error('the client closed the request before its body ended'));
    };
    req.on('data', onData);
    req.on('end', onEnd);
    req.on('error', onError);
    req.on('close', onClose);
  });
}
