import { Agent, request, type IncomingHttpHeaders } from 'node:http';
import type { Socket } from 'node:net';

export interface KeepAliveAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
  /** Which TCP connection carried the request (1 for the first the client opened, ...). */
  connection: number;
}

/**
 * An HTTP client over ONE keep-alive connection (`maxSockets: 1`): each
 * answer says which connection carried it, so a test can prove the second
 * request went over the same socket as the first. `close()` ends the socket.
 */
export function keepAliveClient() {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const ids = new WeakMap<Socket, number>();
  let opened = 0;
  return {
    send(
      url: string,
      options: { method?: string; headers?: Record<string, string>; body?: string | Buffer } = {},
    ): Promise<KeepAliveAnswer> {
      return new Promise((resolve, reject) => {
        const req = request(url, {
          method: options.method ?? 'POST',
          headers: options.headers,
          agent,
        });
        let connection = 0;
        req.on('socket', (socket: Socket) => {
          if (!ids.has(socket)) ids.set(socket, ++opened);
          connection = ids.get(socket)!;
        });
        req.setTimeout(20_000, () => req.destroy(new Error(`no answer from ${url} in 20 s`)));
        req.on('error', reject);
        req.on('response', (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('error', reject);
          res.on('end', () =>
            resolve({
              status: res.statusCode ?? 0,
              headers: res.headers,
              body: Buffer.concat(chunks).toString('utf8'),
              connection,
            }),
          );
        });
        req.end(options.body);
      });
    },
    close(): void {
      agent.destroy();
    },
  };
}
