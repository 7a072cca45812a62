import type { ConnectionStatus, InboxRuntime } from '../types.js';
import type { Backoff } from './backoff.js';
import { SseParser, type SseEvent } from './sse-parser.js';

/** What the stream asks of its client. */
export interface LiveStreamHooks {
  url: string;
  fetch(url: string, init: RequestInit): Promise<Response>;
  credentials: 'omit' | 'same-origin' | 'include';
  /** Request headers (`Authorization` when a token is used). */
  headers(): Promise<Record<string, string>>;
  /** Gets a fresh token after a 401/403; false when there is none to get (cookie auth). */
  refreshToken(): Promise<boolean>;
  event(event: SseEvent): void;
  status(status: ConnectionStatus): void;
}

/** Statuses after which the server is expected back soon: the normal backoff cap applies. */
const PASSING = [408, 429, 502, 503, 504];

/**
 * The live stream over `fetch` (so it can send `Authorization`), owning its
 * reconnects, which `EventSource` would give up after a 503: backoff with
 * jitter, `Last-Event-ID` of the last event seen, an immediate try when the
 * browser comes back `online`, no stream while the page has been hidden for
 * `hiddenMs`, and on a 401/403 one token refresh and one retry, then
 * `unauthorized` and no further try until `start()`.
 */
export class LiveStream {
  lastId = '';
  private running = false;
  private paused = false;
  private tried = false;
  private abort?: AbortController;
  private retryTimer?: unknown;
  private idleTimer?: unknown;
  private hiddenTimer?: unknown;

  constructor(
    private readonly hooks: LiveStreamHooks,
    private readonly rt: InboxRuntime,
    private readonly backoff: Backoff,
    private readonly hiddenMs: number,
    private readonly idleMs: number,
  ) {}

  start(): void {
    if (this.running) return;
    this.running = true;
    this.paused = this.tried = false;
    this.backoff.reset();
    this.rt.window?.addEventListener('online', this.online);
    this.rt.document?.addEventListener('visibilitychange', this.visibility);
    this.visibility();
    this.open(false);
  }

  stop(status: ConnectionStatus = 'idle'): void {
    this.running = false;
    this.rt.window?.removeEventListener('online', this.online);
    this.rt.document?.removeEventListener('visibilitychange', this.visibility);
    this.halt();
    this.rt.clearTimeout(this.hiddenTimer);
    this.hiddenTimer = undefined;
    this.hooks.status(status);
  }

  private halt(): void {
    this.abort?.abort();
    this.abort = undefined;
    this.rt.clearTimeout(this.retryTimer);
    this.rt.clearTimeout(this.idleTimer);
    this.retryTimer = this.idleTimer = undefined;
  }

  /** A stream silent for `idleMs` (the server's heartbeat is 25 s) is dead: a proxy dropped it unseen. */
  private watch(ctl: AbortController): void {
    this.rt.clearTimeout(this.idleTimer);
    if (!this.idleMs) return;
    this.idleTimer = this.rt.setTimeout(() => {
      if (this.abort !== ctl) return;
      ctl.abort();
      this.retry(false);
    }, this.idleMs);
  }

  private readonly online = (): void => {
    if (!this.running || this.paused || this.retryTimer === undefined) return;
    this.halt();
    this.backoff.reset();
    this.open(false);
  };

  private readonly visibility = (): void => {
    if (this.rt.document?.visibilityState === 'hidden') {
      this.hiddenTimer ??= this.rt.setTimeout(() => {
        this.paused = true;
        this.halt();
        this.hooks.status('offline');
      }, this.hiddenMs);
      return;
    }
    this.rt.clearTimeout(this.hiddenTimer);
    this.hiddenTimer = undefined;
    if (this.paused && this.running) {
      this.paused = false;
      this.open(false);
    }
  };

  private async open(refreshed: boolean): Promise<void> {
    this.halt();
    const ctl = (this.abort = new AbortController());
    const current = () => this.abort === ctl && !ctl.signal.aborted;
    if (!this.tried) this.hooks.status('connecting');
    this.tried = true;
    let res: Response;
    try {
      const headers = await this.hooks.headers();
      if (this.lastId) headers['last-event-id'] = this.lastId;
      headers.accept = 'text/event-stream';
      res = await this.hooks.fetch(this.hooks.url, {
        headers,
        credentials: this.hooks.credentials,
        signal: ctl.signal,
      });
    } catch {
      if (current()) this.retry(false);
      return;
    }
    if (!current()) return void res.body?.cancel().catch(() => {});
    if (res.status === 401 || res.status === 403) {
      void res.body?.cancel().catch(() => {});
      if (!refreshed && (await this.hooks.refreshToken()) && current()) return this.open(true);
      if (current()) this.stop('unauthorized');
      return;
    }
    const type = res.headers.get('content-type') ?? '';
    if (!res.ok || !res.body || !type.startsWith('text/event-stream')) {
      void res.body?.cancel().catch(() => {});
      return this.retry(!PASSING.includes(res.status));
    }
    this.backoff.reset();
    this.hooks.status('live');
    const parser = new SseParser((e) => {
      try {
        if (current()) this.hooks.event(e);
      } catch {
        // a frame the client cannot read is skipped; the stream stays open
      }
    }, this.lastId);
    const reader = res.body.getReader();
    const decoder = new TextDecoder();
    this.watch(ctl);
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        if (current()) this.watch(ctl);
        parser.feed(decoder.decode(value, { stream: true }));
        if (current()) this.lastId = parser.id;
      }
    } catch {
      // dropped: reconnect below
    }
    if (current()) this.retry(false);
  }

  private retry(hard: boolean): void {
    this.abort = undefined;
    this.rt.clearTimeout(this.idleTimer);
    this.idleTimer = undefined;
    this.hooks.status('offline');
    if (this.paused) return;
    this.retryTimer = this.rt.setTimeout(() => {
      this.retryTimer = undefined;
      void this.open(false);
    }, this.backoff.next(hard));
  }
}
