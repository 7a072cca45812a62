import { createServer, connect, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';

/** A loopback TCP proxy a test can cut (an outage) and restore. */
export interface TcpProxy {
  /** The port it listens on (the same after `restore()`). */
  port: number;
  /** Destroys every open connection and stops listening: new connections are refused. */
  cut(): Promise<void>;
  /** Listens again on the same port. */
  restore(): Promise<void>;
  close(): Promise<void>;
}

/** Starts a proxy on 127.0.0.1 (random port) forwarding to `target`. */
export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const sockets = new Set<Socket>();
  const track = (socket: Socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  };
  const handler = (client: Socket) => {
    const upstream = connect(target.port, target.host);
    track(client);
    track(upstream);
    client.pipe(upstream).pipe(client);
    const end = () => {
      client.destroy();
      upstream.destroy();
    };
    client.once('error', end).once('close', end);
    upstream.once('error', end).once('close', end);
  };
  let server: Server = createServer(handler);
  const listen = (port: number) =>
    new Promise<number>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => resolve((server.address() as AddressInfo).port));
    });
  const stop = () =>
    new Promise<void>((resolve) => {
      for (const socket of sockets) socket.destroy();
      if (!server.listening) return resolve();
      server.close(() => resolve());
    });
  const port = await listen(0);
  return {
    port,
    cut: stop,
    restore: async () => {
      server = createServer(handler);
      await listen(port);
    },
    close: stop,
  };
}
