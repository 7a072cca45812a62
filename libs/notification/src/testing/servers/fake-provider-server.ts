import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { listenOnLoopback, type FakeServerStartOptions } from './listen-on-loopback.util.js';

/** One request a fake provider received. */
export interface ReceivedRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: Record<string, string | string[] | undefined>;
  body: string;
  /** The body's bytes (binary protocols such as encrypted Web Push). */
  raw: Buffer;
  /** Parsed JSON body, when it was JSON. */
  json?: any;
  /** Parsed form fields, when the body was form-encoded. */
  form?: Record<string, string>;
  at: Date;
}

/** What a fake answers. */
export interface FakeResponse {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
}

/**
 * A failure to inject: an HTTP answer (`status`, `body`, `headers` such as
 * `Retry-After`) or a dropped connection (`drop: true`), for the next `times`
 * matching requests.
 */
export interface InjectedFailure {
  status?: number;
  body?: unknown;
  headers?: Record<string, string>;
  drop?: boolean;
  /** How many requests fail. @default 1 */
  times?: number;
  /** Only requests for which this returns true fail. */
  match?: (request: ReceivedRequest) => boolean;
}

/**
 * Base of the HTTP/1.1 fake provider servers: listens on 127.0.0.1 (a free port
 * unless `start({ port })` names one),
 * records what it received, counts each idempotency key, and injects failures
 * and delays. Subclasses speak one provider's wire protocol.
 */
export abstract class FakeProviderServer {
  /** Every request, oldest first. */
  readonly received: ReceivedRequest[] = [];
  /** How many times each idempotency key reached the server. */
  readonly idempotencyCounts = new Map<string, number>();
  /** Delay before each answer, in milliseconds. */
  delayMs = 0;
  /**
   * How long an idle keep-alive connection stays open on the server side
   * (set before `start()`); raise it to see whether the client closes its own.
   * @default 5000
   */
  keepAliveTimeoutMs = 5000;
  private readonly failures: Array<InjectedFailure & { left: number }> = [];
  private server?: Server;
  private readonly sockets = new Set<Socket>();

  /** Starts listening on 127.0.0.1, on `options.port` or (default) a free port. */
  async start(options: FakeServerStartOptions = {}): Promise<this> {
    const server = createServer((req, res) => this.dispatch(req, res).catch(() => res.destroy()));
    server.keepAliveTimeout = this.keepAliveTimeoutMs;
    server.on('connection', (socket) => {
      this.sockets.add(socket);
      socket.on('close', () => this.sockets.delete(socket));
    });
    await listenOnLoopback(server, options, this.constructor.name);
    this.server = server;
    return this;
  }

  /** Base URL, e.g. `http://127.0.0.1:54321`. */
  get url(): string {
    if (!this.server)
      throw new Error(`${this.constructor.name} is not started; await start() first`);
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  /** Client connections open right now (a closed client leaves none). */
  get openConnections(): number {
    return this.sockets.size;
  }

  /** Makes the next matching request(s) fail. `failNext(503)` is short for `{ status: 503 }`. */
  failNext(failure: InjectedFailure | number): this {
    const f = typeof failure === 'number' ? { status: failure } : failure;
    this.failures.push({ ...f, left: f.times ?? 1 });
    return this;
  }

  /** Forgets what was received and the pending failures. */
  reset(): void {
    this.received.length = 0;
    this.idempotencyCounts.clear();
    this.failures.length = 0;
    this.delayMs = 0;
  }

  async stop(): Promise<void> {
    const server = this.server;
    if (!server) return;
    this.server = undefined;
    for (const socket of this.sockets) socket.destroy();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  /** Answers one recorded request following the provider's protocol. */
  protected abstract handle(request: ReceivedRequest): FakeResponse | Promise<FakeResponse>;

  /** The idempotency key of a request, if the protocol carries one. */
  protected idempotencyKey(request: ReceivedRequest): string | undefined {
    const key = request.headers['idempotency-key'];
    return typeof key === 'string' ? key : undefined;
  }

  /** The injected failure for this request, if any (consumed). */
  protected takeFailure(request: ReceivedRequest): InjectedFailure | undefined {
    const index = this.failures.findIndex((f) => !f.match || f.match(request));
    if (index < 0) return undefined;
    const failure = this.failures[index];
    if (--failure.left <= 0) this.failures.splice(index, 1);
    return failure;
  }

  private async dispatch(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const request = parseRequest(
      req.method ?? 'GET',
      req.url ?? '/',
      req.headers,
      Buffer.concat(chunks),
    );
    this.received.push(request);
    const key = this.idempotencyKey(request);
    if (key !== undefined)
      this.idempotencyCounts.set(key, (this.idempotencyCounts.get(key) ?? 0) + 1);
    if (this.delayMs > 0) await new Promise((r) => setTimeout(r, this.delayMs));
    const failure = this.takeFailure(request);
    if (failure?.drop) {
      req.socket.destroy();
      return;
    }
    let answer: FakeResponse;
    try {
      answer = failure
        ? {
            status: failure.status ?? 500,
            body: failure.body ?? this.errorBody(failure.status ?? 500),
            headers: failure.headers,
          }
        : await this.handle(request);
    } catch (error) {
      answer = { status: 500, body: { error: String((error as Error)?.message ?? error) } };
    }
    const body =
      answer.body === undefined
        ? ''
        : typeof answer.body === 'string'
          ? answer.body
          : JSON.stringify(answer.body);
    if (res.destroyed) return;
    res.writeHead(answer.status, { 'content-type': 'application/json', ...answer.headers });
    res.end(body);
  }

  /** The provider's error body for an injected status. */
  protected errorBody(status: number): unknown {
    return { error: { code: status, message: `injected failure ${status}` } };
  }
}

/** Parses method, path, query, and a JSON or form body. */
export function parseRequest(
  method: string,
  url: string,
  headers: ReceivedRequest['headers'],
  raw: Buffer,
): ReceivedRequest {
  const parsed = new URL(url, 'http://fake.invalid');
  const type = String(headers['content-type'] ?? '');
  const body = raw.toString('utf8');
  const request: ReceivedRequest = {
    method,
    path: parsed.pathname,
    query: parsed.searchParams,
    headers,
    raw,
    body,
    at: new Date(),
  };
  if (type.includes('json')) {
    try {
      request.json = JSON.parse(body);
    } catch {
      request.json = undefined;
    }
  } else if (type.includes('x-www-form-urlencoded')) {
    request.form = Object.fromEntries(new URLSearchParams(body));
  }
  return request;
}
