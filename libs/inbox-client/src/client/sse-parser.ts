/** One dispatched server-sent event. */
export interface SseEvent {
  type: string;
  data: string;
  /** The last event id after this event (the `Last-Event-ID` of a reconnect). */
  id: string;
}

/**
 * The `text/event-stream` parser of the HTML standard (§9.2.6), fed text as it
 * arrives: lines end in CR, LF or CRLF (also split across chunks), `:` starts a
 * comment, `retry` is left to the caller's own backoff, an `id` with NUL is
 * ignored, and an event with no data is not dispatched.
 */
export class SseParser {
  private rest = '';
  private data = '';
  private type = '';
  private started = false;
  private crEnd = false;
  /** The last event id seen (kept across events, as `EventSource` does). */
  id: string;

  constructor(
    private readonly dispatch: (event: SseEvent) => void,
    lastId = '',
  ) {
    this.id = lastId;
  }

  feed(chunk: string): void {
    if (!this.started && chunk) {
      this.started = true;
      if (chunk.charCodeAt(0) === 0xfeff) chunk = chunk.slice(1);
    }
    // a CR ended the last chunk: a LF opening this one belongs to it
    if (this.crEnd && chunk[0] === '\n') chunk = chunk.slice(1);
    this.crEnd = chunk.endsWith('\r');
    const lines = (this.rest + chunk).split(/\r\n|\r|\n/);
    this.rest = lines.pop()!;
    for (const line of lines) this.line(line);
  }

  private line(line: string): void {
    if (line === '') {
      if (this.data) {
        this.dispatch({ type: this.type || 'message', data: this.data.slice(0, -1), id: this.id });
      }
      this.data = this.type = '';
      return;
    }
    const colon = line.indexOf(':');
    if (colon === 0) return;
    const field = colon < 0 ? line : line.slice(0, colon);
    let value = colon < 0 ? '' : line.slice(colon + 1);
    if (value[0] === ' ') value = value.slice(1);
    if (field === 'data') this.data += value + '\n';
    else if (field === 'event') this.type = value;
    else if (field === 'id' && !value.includes('\0')) this.id = value;
  }
}
