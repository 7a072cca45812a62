import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One event the fake accepted, as posted. */
export interface PagerDutyEvent {
  routing_key: string;
  event_action: 'trigger' | 'acknowledge' | 'resolve';
  dedup_key: string;
  payload?: {
    summary: string;
    source: string;
    severity: string;
    [key: string]: unknown;
  };
  [key: string]: unknown;
}

/** An incident as PagerDuty keeps it per `dedup_key`. */
export interface PagerDutyIncident {
  dedupKey: string;
  status: 'triggered' | 'acknowledged' | 'resolved';
  /** Trigger events folded into it (a repeat of an open incident does not open another). */
  triggers: number;
  summary: string;
}

const SEVERITIES = new Set(['critical', 'error', 'warning', 'info']);

/**
 * PagerDuty Events API v2 on 127.0.0.1: `POST /v2/enqueue`. Validates events
 * as PagerDuty does (400 `invalid event` with `errors` for a missing
 * `routing_key`, `event_action`, `payload.summary`/`source`/`severity`, or a
 * resolve without `dedup_key`), answers 202 `{ status: 'success', dedup_key }`,
 * and keeps incidents per `dedup_key`: a repeated trigger folds into the open
 * incident, a resolve closes it. `failNext(429)` answers a throttle.
 */
export class FakePagerDutyServer {
  readonly events: PagerDutyEvent[] = [];
  readonly incidents = new Map<string, PagerDutyIncident>();
  /** Routing keys that exist (anything else: 400 like an unknown integration). */
  readonly routingKeys = new Set<string>(['R0UT1NGKEY0123456789abcdefABCDEF']);
  private failures: number[] = [];
  private server?: Server;
  private seq = 0;

  get routingKey(): string {
    return [...this.routingKeys][0];
  }

  async start(): Promise<this> {
    const server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const answer = this.handle(
          req.method ?? '',
          req.url ?? '',
          Buffer.concat(chunks).toString('utf8'),
        );
        res.writeHead(answer.status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(answer.body));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    this.server = server;
    return this;
  }

  get url(): string {
    if (!this.server) throw new Error('FakePagerDutyServer is not started; await start() first');
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  /** The next request answers `status` (429: throttled, 500...). */
  failNext(status: number): this {
    this.failures.push(status);
    return this;
  }

  async stop(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    if (server) {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  }

  private handle(method: string, url: string, text: string): { status: number; body: unknown } {
    if (method !== 'POST' || url.split('?')[0] !== '/v2/enqueue')
      return { status: 404, body: { status: 'not found' } };
    const failure = this.failures.shift();
    if (failure !== undefined)
      return {
        status: failure,
        body: { status: failure === 429 ? 'throttle event' : 'error', message: 'injected' },
      };
    let event: PagerDutyEvent;
    try {
      event = JSON.parse(text);
    } catch {
      return {
        status: 400,
        body: {
          status: 'invalid event',
          message: 'Event object is invalid',
          errors: ['Invalid JSON'],
        },
      };
    }
    const errors: string[] = [];
    if (!event || typeof event !== 'object') errors.push('Event must be an object');
    else {
      if (!this.routingKeys.has(event.routing_key)) errors.push("'routing_key' is invalid");
      if (!['trigger', 'acknowledge', 'resolve'].includes(event.event_action))
        errors.push("'event_action' must be one of trigger, acknowledge, resolve");
      if (event.event_action === 'trigger') {
        const p = event.payload;
        if (!p?.summary) errors.push("'payload.summary' is missing or blank");
        if (!p?.source) errors.push("'payload.source' is missing or blank");
        if (!p || !SEVERITIES.has(p.severity)) errors.push("'payload.severity' is invalid");
        if (p?.summary && p.summary.length > 1024) errors.push("'payload.summary' is too long");
      } else if (!event.dedup_key)
        errors.push("'dedup_key' is required for resolve and acknowledge");
      if (event.dedup_key !== undefined && String(event.dedup_key).length > 255)
        errors.push("'dedup_key' is too long");
    }
    if (errors.length > 0)
      return {
        status: 400,
        body: { status: 'invalid event', message: 'Event object is invalid', errors },
      };
    const dedupKey = event.dedup_key || `pd-${++this.seq}`;
    this.events.push({ ...event, dedup_key: dedupKey });
    const open = this.incidents.get(dedupKey);
    if (event.event_action === 'trigger') {
      if (open && open.status !== 'resolved') open.triggers++;
      else
        this.incidents.set(dedupKey, {
          dedupKey,
          status: 'triggered',
          triggers: 1,
          summary: event.payload!.summary,
        });
    } else if (open && open.status !== 'resolved') {
      open.status = event.event_action === 'resolve' ? 'resolved' : 'acknowledged';
    }
    return {
      status: 202,
      body: { status: 'success', message: 'Event processed', dedup_key: dedupKey },
    };
  }
}
