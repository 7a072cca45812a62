import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gunzipSync } from 'node:zlib';

/** One item of a Sentry envelope: its header and its parsed JSON payload (or raw text). */
export interface SentryEnvelopeItem {
  header: Record<string, unknown>;
  payload: any;
}

/** A Sentry envelope as received. */
export interface SentryEnvelope {
  header: Record<string, unknown>;
  items: SentryEnvelopeItem[];
  /** The `/api/<project>/envelope/` path it was posted to. */
  path: string;
}

/** Parses Sentry's envelope format (newline-separated JSON headers and payloads, lengths honoured). */
export function parseSentryEnvelope(body: Buffer, path = ''): SentryEnvelope {
  let offset = 0;
  const line = (): string => {
    const end = body.indexOf(0x0a, offset);
    const text = body.subarray(offset, end === -1 ? body.length : end).toString('utf8');
    offset = end === -1 ? body.length : end + 1;
    return text;
  };
  const header = JSON.parse(line()) as Record<string, unknown>;
  const items: SentryEnvelopeItem[] = [];
  while (offset < body.length) {
    const headerText = line();
    if (headerText.trim() === '') continue;
    const itemHeader = JSON.parse(headerText) as Record<string, unknown>;
    let raw: string;
    if (typeof itemHeader.length === 'number') {
      raw = body.subarray(offset, offset + itemHeader.length).toString('utf8');
      offset += itemHeader.length + 1;
    } else raw = line();
    let payload: unknown = raw;
    try {
      payload = JSON.parse(raw);
    } catch {
      // attachments and other non-JSON items stay text
    }
    items.push({ header: itemHeader, payload });
  }
  return { header, items, path };
}

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const body = Buffer.concat(chunks);
  return req.headers['content-encoding'] === 'gzip' ? gunzipSync(body) : body;
}

/**
 * A local stand-in for Sentry's ingestion API on 127.0.0.1: it accepts
 * envelopes at `/api/<project>/envelope/` and keeps them. Point a DSN at it
 * with `server.dsn`.
 *
 * @example
 * const sentry = await FakeSentryServer.start();
 * setupErrorTracking({ dsn: sentry.dsn });
 * await sentry.waitForEvents(1);
 * await sentry.close();
 */
export class FakeSentryServer {
  readonly envelopes: SentryEnvelope[] = [];
  private waiters: Array<() => void> = [];

  private constructor(
    private readonly server: Server,
    readonly port: number,
  ) {}

  static async start(): Promise<FakeSentryServer> {
    const ref: { instance?: FakeSentryServer } = {};
    const server = createServer((req, res) => {
      void readBody(req).then((body) => {
        if (req.method === 'POST' && /^\/api\/[^/]+\/envelope\/?/.test(req.url ?? '')) {
          ref.instance!.envelopes.push(parseSentryEnvelope(body, req.url));
          for (const wake of ref.instance!.waiters.splice(0)) wake();
          res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
        } else res.writeHead(404).end();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    ref.instance = new FakeSentryServer(server, (server.address() as AddressInfo).port);
    return ref.instance;
  }

  /** A DSN for project 1 on this server. */
  get dsn(): string {
    return `http://publickey@127.0.0.1:${this.port}/1`;
  }

  /** Every received item of type `event` (errors), payloads only. */
  get events(): any[] {
    return this.envelopes.flatMap((e) =>
      e.items.filter((item) => item.header.type === 'event').map((item) => item.payload),
    );
  }

  /** Resolves once `count` error events have arrived; rejects after `timeoutMs`. */
  async waitForEvents(count: number, timeoutMs = 5000): Promise<any[]> {
    const deadline = Date.now() + timeoutMs;
    while (this.events.length < count) {
      const left = deadline - Date.now();
      if (left <= 0) {
        throw new Error(`expected ${count} Sentry events, got ${this.events.length}`);
      }
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
    return this.events;
  }

  clear(): void {
    this.envelopes.length = 0;
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}
