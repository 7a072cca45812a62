import { request, type ClientRequest, type IncomingMessage } from 'node:http';

export interface SseEvent {
  id?: string;
  event: string;
  data: any;
}

/** A minimal server-sent-events client over node:http, for tests. Close it with `close()`. */
export class SseClient {
  readonly events: SseEvent[] = [];
  comments: string[] = [];
  status?: number;
  private req?: ClientRequest;
  private res?: IncomingMessage;
  private buffer = '';
  private waiters: Array<() => void> = [];

  static async open(url: string, headers: Record<string, string> = {}): Promise<SseClient> {
    const client = new SseClient();
    await new Promise<void>((resolve, reject) => {
      client.req = request(url, { headers: { Accept: 'text/event-stream', ...headers } }, (res) => {
        client.res = res;
        client.status = res.statusCode;
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => client.feed(chunk));
        res.on('error', () => undefined);
        resolve();
      });
      client.req.on('error', reject);
      client.req.end();
    });
    return client;
  }

  /** The id of the last event received (what a browser sends as Last-Event-ID). */
  get lastEventId(): string | undefined {
    return [...this.events].reverse().find((e) => e.id)?.id;
  }

  /** Resolves with the first event (from `from` on) matching `predicate`. */
  async waitFor(
    predicate: (event: SseEvent) => boolean,
    { from = 0, timeoutMs = 5000 } = {},
  ): Promise<SseEvent> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = this.events.slice(from).find(predicate);
      if (found) return found;
      if (Date.now() > deadline) {
        throw new Error(
          `no matching SSE event within ${timeoutMs} ms; got ${JSON.stringify(this.events)}`,
        );
      }
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, 50);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  /** Calls `callback` when the server ends the stream. */
  onEnd(callback: () => void): void {
    if (this.res?.readableEnded) callback();
    else this.res?.on('end', callback);
  }

  close(): void {
    this.res?.destroy();
    this.req?.destroy();
  }

  private feed(chunk: string): void {
    this.buffer += chunk;
    let end: number;
    while ((end = this.buffer.indexOf('\n\n')) !== -1) {
      const block = this.buffer.slice(0, end);
      this.buffer = this.buffer.slice(end + 2);
      const event: SseEvent = { event: 'message', data: '' };
      let hasData = false;
      for (const line of block.split('\n')) {
        if (line.startsWith(':')) this.comments.push(line.slice(1).trim());
        else if (line.startsWith('id: ')) event.id = line.slice(4);
        else if (line.startsWith('event: ')) event.event = line.slice(7);
        else if (line.startsWith('data: ')) {
          event.data = JSON.parse(line.slice(6));
          hasData = true;
        }
      }
      if (hasData) this.events.push(event);
    }
    this.waiters.splice(0).forEach((wake) => wake());
  }
}
