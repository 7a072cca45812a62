import type { Server } from 'node:net';

/** Options of a fake provider server's `start()`. */
export interface FakeServerStartOptions {
  /**
   * Port on 127.0.0.1 to listen on: a fixed one (for an app whose provider URL
   * is configured ahead of time), or 0 for a free port chosen by the system.
   * @default 0
   */
  port?: number;
}

/**
 * Listens on 127.0.0.1:`port`; rejects with a message naming the server and
 * the port when the port is invalid or cannot be taken (e.g. in use).
 */
export async function listenOnLoopback(
  server: Server,
  options: FakeServerStartOptions,
  owner: string,
): Promise<void> {
  const port = options.port ?? 0;
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new RangeError(
      `${owner}.start({ port }): port must be an integer from 0 (a free port) to 65535, got ${String(port)}`,
    );
  }
  await new Promise<void>((resolve, reject) => {
    const onError = (error: NodeJS.ErrnoException) =>
      reject(
        new Error(
          `${owner} could not listen on 127.0.0.1:${port} (${error.code ?? error.message}); pick another port or 0 for a free one`,
          { cause: error },
        ),
      );
    server.once('error', onError);
    server.listen(port, '127.0.0.1', () => {
      server.off('error', onError);
      resolve();
    });
  });
}
