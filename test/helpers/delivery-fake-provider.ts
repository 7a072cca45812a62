import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { SMSChannelProtocol, SmsMessage, SmsSendResult } from '@herald/contracts';
import { DeliveryError, parseRetryAfter } from '@herald/notification';

/**
 * A minimal SMS provider on 127.0.0.1 for the delivery tests: `POST /ok`
 * accepts, honouring the `Idempotency-Key` header as real providers do (a
 * repeated key gets the first answer and is not delivered again), `POST
 * /fail` always answers 503, `POST /busy` answers the first request of each
 * key 503 with `Retry-After: ?after=` seconds, `POST /slow` accepts after `?ms=`, `POST
 * /hold` never answers (a send in flight when its worker is killed). It counts
 * requests and deliveries per key.
 */
export interface CountingProvider {
  url: string;
  /** Requests seen per idempotency key (any route). */
  requests: Map<string, number>;
  /** When each request of a key arrived (ms since epoch). */
  arrivals: Map<string, number[]>;
  /** Deliveries per key: how many times the provider accepted a new message for it. */
  delivered: Map<string, number>;
  failures: number;
  close(): Promise<void>;
}

export async function startCountingProvider(): Promise<CountingProvider> {
  const requests = new Map<string, number>();
  const arrivals = new Map<string, number[]>();
  const delivered = new Map<string, number>();
  const ids = new Map<string, string>();
  const state = { failures: 0 };
  let seq = 0;
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const key = String(req.headers['idempotency-key'] ?? '');
      requests.set(key, (requests.get(key) ?? 0) + 1);
      arrivals.set(key, [...(arrivals.get(key) ?? []), Date.now()]);
      const url = new URL(req.url ?? '/', 'http://x');
      const reply = (status: number, body: unknown, headers: Record<string, string> = {}) => {
        res.writeHead(status, { 'content-type': 'application/json', ...headers });
        res.end(JSON.stringify(body));
      };
      if (url.pathname === '/busy' && (requests.get(key) ?? 0) === 1) {
        state.failures++;
        return reply(
          503,
          { error: 'busy' },
          { 'retry-after': url.searchParams.get('after') ?? '1' },
        );
      }
      if (url.pathname === '/hold') return; // answered by nobody: the socket closes with its client
      if (url.pathname === '/fail') {
        state.failures++;
        return reply(503, { error: 'unavailable' });
      }
      const accept = () => {
        let id = key ? ids.get(key) : undefined;
        if (!id) {
          id = `SM${++seq}`;
          if (key) ids.set(key, id);
          delivered.set(key, (delivered.get(key) ?? 0) + 1);
        }
        reply(201, { id });
      };
      if (url.pathname === '/slow') setTimeout(accept, Number(url.searchParams.get('ms') ?? 100));
      else accept();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    arrivals,
    delivered,
    get failures() {
      return state.failures;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** An SMS channel posting to the counting provider, mapping failures to `DeliveryError`s. */
export class HttpTestSmsChannel implements SMSChannelProtocol {
  sends = 0;
  constructor(
    readonly name: string,
    private readonly endpoint: string,
  ) {}

  async send(message: SmsMessage): Promise<SmsSendResult> {
    this.sends++;
    let res: Response;
    try {
      res = await fetch(this.endpoint, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'idempotency-key': message.idempotencyKey ?? '',
        },
        body: JSON.stringify({ to: message.to, body: message.body }),
      });
    } catch (error) {
      throw new DeliveryError(`cannot reach ${this.endpoint}`, {
        reason: 'connection',
        backend: this.name,
        cause: error,
      });
    }
    const body = (await res.json()) as { id?: string };
    if (!res.ok) {
      throw new DeliveryError(`provider answered ${res.status}`, {
        reason: DeliveryError.reasonForHttpStatus(res.status),
        statusCode: res.status,
        backend: this.name,
        channel: 'sms',
        retryAfterMs: parseRetryAfter(res.headers.get('retry-after')),
      });
    }
    return { messageId: body.id ?? '', backend: this.name, status: 'queued' };
  }
}

/** Resolves once `queue` holds no job waiting, active or delayed (every job ran to its end). */
export async function untilQueueIdle(
  queue: { counts(): Promise<{ waiting: number; active: number; delayed: number }> },
  timeoutMs = 15_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const c = await queue.counts();
    if (c.waiting + c.active + c.delayed === 0) return;
    if (Date.now() > deadline) throw new Error('the queue did not become idle in time');
    await new Promise((r) => setTimeout(r, 20));
  }
}
