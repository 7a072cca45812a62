import { Agent, createServer, request, type Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import type { ApplicationConfig, HttpAdapterHost } from '@nestjs/core';
import { of } from 'rxjs';
import { drainBound } from './bounded-body.util.js';
import { installEarlyBodyReader, type EarlyReadRequest } from './early-body-reader.util.js';

type Middleware = (
  req: EarlyReadRequest,
  res: import('node:http').ServerResponse,
  next: () => void,
) => void;

describe('installEarlyBodyReader', () => {
  let server: Server;
  let base: string;
  const logged: string[] = [];
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const sockets = new WeakMap<Socket, number>();
  let opened = 0;

  beforeAll(async () => {
    let reader: Middleware | undefined;
    const adapterHost = {
      init$: of(undefined),
      httpAdapter: { getType: () => 'express', use: (fn: Middleware) => (reader = fn) },
    } as unknown as HttpAdapterHost;
    const config = { getGlobalPrefix: () => 'api' } as unknown as ApplicationConfig;
    installEarlyBodyReader(adapterHost, config, {
      routes: ['hooks/in'],
      limit: () => 1000,
      tooLarge: (path, size, limit) => `${path}: ${size} > ${limit}`,
      log: (message) => logged.push(message),
    });
    server = createServer((req: EarlyReadRequest, res) =>
      reader!(req, res, () => {
        const kept = req.rawBody ? `kept ${req.rawBody.length}` : 'untouched';
        if (!req.rawBody) req.resume();
        req.on('end', () => res.end(kept));
        if (req.readableEnded) res.end(kept);
      }),
    );
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    agent.destroy();
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  function send(
    path: string,
    body: Buffer | string,
    options: { method?: string; chunked?: boolean; declared?: number } = {},
  ) {
    return new Promise<{ status: number; text: string; connection: string; socket: number }>(
      (resolve, reject) => {
        const headers: Record<string, string | number> = { 'content-type': 'text/plain' };
        if (options.declared !== undefined) headers['content-length'] = options.declared;
        else if (!options.chunked) headers['content-length'] = Buffer.byteLength(body);
        const req = request(`${base}${path}`, {
          method: options.method ?? 'POST',
          headers,
          agent: options.declared === undefined && !options.chunked ? agent : false,
        });
        let socket = 0;
        req.on('socket', (s: Socket) => {
          if (!sockets.has(s)) sockets.set(s, ++opened);
          socket = sockets.get(s)!;
        });
        req.on('error', reject);
        req.on('response', (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => {
            resolve({
              status: res.statusCode!,
              text: Buffer.concat(chunks).toString(),
              connection: String(res.headers.connection),
              socket,
            });
            if (options.declared !== undefined) req.destroy();
          });
        });
        if (options.declared !== undefined) req.write(body);
        else req.end(body);
      },
    );
  }

  it('keeps a body within the limit as rawBody, on the route under the global prefix or without it', async () => {
    expect((await send('/api/hooks/in', 'x'.repeat(1000))).text).toBe('kept 1000');
    expect((await send('/API/hooks/in/?a=1', 'abc')).text).toBe('kept 3');
    expect((await send('/hooks/in', 'abc')).text).toBe('kept 3');
  });

  it('leaves other paths and methods to the app', async () => {
    expect((await send('/api/other', 'x'.repeat(5000))).text).toBe('untouched');
    expect((await send('/api/hooks/in', 'x'.repeat(5000), { method: 'PUT' })).text).toBe(
      'untouched',
    );
  });

  it('answers 413 past the limit after reading the body to its end, so the same connection carries the next request', async () => {
    logged.length = 0;
    const over = await send('/api/hooks/in', 'x'.repeat(1001));
    expect(over.status).toBe(413);
    expect(JSON.parse(over.text)).toEqual({
      statusCode: 413,
      error: 'Payload Too Large',
      message: '/api/hooks/in: 1001 > 1000',
    });
    expect(over.connection).toBe('keep-alive');
    const next = await send('/api/hooks/in', 'ok');
    expect([next.text, next.socket]).toEqual(['kept 2', over.socket]);
    expect(logged).toEqual(['/api/hooks/in: 1001 > 1000']);
  });

  it('stops reading past the drain bound and closes the connection (declared or chunked)', async () => {
    const declared = await send('/api/hooks/in', 'x'.repeat(10), {
      declared: drainBound(1000) + 1,
    });
    expect([declared.status, declared.connection]).toEqual([413, 'close']);
    const chunked = await send('/api/hooks/in', Buffer.alloc(drainBound(1000) + 1024 * 1024), {
      chunked: true,
    });
    expect([chunked.status, chunked.connection]).toEqual([413, 'close']);
  });
});
