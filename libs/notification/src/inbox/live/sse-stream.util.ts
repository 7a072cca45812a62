import { OutgoingMessage, type IncomingMessage, type ServerResponse } from 'node:http';
import type { LiveEvent, LiveEventHub } from './live-event.hub.js';

/** The request `serveSse` reads: Node's, or Express's (whose parsed `query` it prefers). */
export type SseRequest = IncomingMessage & { query?: unknown };

/** The `Last-Event-ID` of a request: the header `EventSource` sends, else `?lastEventId=`. */
export function lastEventIdOf(req: SseRequest): string {
  const header = req.headers['last-event-id'];
  if (typeof header === 'string' && header !== '') return header;
  const query = req.query as Record<string, unknown> | undefined;
  if (query && typeof query === 'object') {
    return typeof query.lastEventId === 'string' ? query.lastEventId : '';
  }
  return new URL(req.url ?? '/', 'http://localhost').searchParams.get('lastEventId') ?? '';
}

/**
 * Serves one server-sent-events stream for `userId` from `hub`: `retry: 2000`,
 * then the events after `Last-Event-ID` (header, or `?lastEventId=`), or, when
 * there is nothing to replay from (first connect, an id too old, of another
 * instance or of a previous run), the `sync` event from `initial()`, carrying the
 * id of the user's newest event so the next reconnect replays from there. Then
 * live events, and a `: heartbeat` comment every `hub.heartbeatMs`. Everything
 * is released when the client goes away, or when `hub.endStreams()` ends it.
 */
export async function serveSse(
  req: SseRequest,
  res: ServerResponse,
  hub: LiveEventHub,
  userId: string,
  initial: () => Promise<{ type: string; data: unknown }>,
): Promise<void> {
  res.statusCode = 200;
  res.setHeader('Content-Type', 'text/event-stream; charset=utf-8');
  res.setHeader('Cache-Control', 'no-cache, no-transform');
  res.setHeader('Connection', 'keep-alive');
  res.setHeader('X-Accel-Buffering', 'no');
  res.flushHeaders();
  req.socket.setNoDelay(true);
  req.socket.setTimeout(0);

  const { write, end } = writerFor(res);
  const buffered: LiveEvent[] = [];
  let ready = false;
  const unsubscribe = hub.subscribe(userId, (e) => (ready ? write(e) : buffered.push(e)));
  const heartbeat = setInterval(() => res.write(`: heartbeat ${Date.now()}\n\n`), hub.heartbeatMs);
  heartbeat.unref();
  const untrack = hub.trackStream(end);
  const close = () => {
    clearInterval(heartbeat);
    unsubscribe();
    untrack();
  };
  req.on('close', close);
  res.on('error', close);

  res.write('retry: 2000\n\n');
  const lastEventId = lastEventIdOf(req);
  const missed = lastEventId ? hub.since(userId, lastEventId) : undefined;
  if (missed) {
    missed.forEach(write);
  } else {
    const newest = hub.lastId(userId);
    // Headers are sent already: a failing count must not become an unhandled rejection.
    const sync = await initial().catch(() => ({ type: 'sync', data: {} }));
    const id = newest === undefined ? '' : `id: ${newest}\n`;
    res.write(`${id}event: ${sync.type}\ndata: ${JSON.stringify(sync.data)}\n\n`);
  }
  const seen = new Set((missed ?? []).map((e) => e.id));
  buffered.filter((e) => !seen.has(e.id)).forEach(write);
  ready = true;
}

/** An event's frame as text, and as the HTTP/1.1 chunk that carries it. */
interface EncodedFrame {
  text: string;
  chunk: Buffer;
}

/** Frames already serialised: an event sent to 1,000 streams is serialised (and framed) once. */
const frames = new WeakMap<LiveEvent, EncodedFrame>();
const CRLF = Buffer.from('\r\n', 'latin1');

function encode(event: LiveEvent): EncodedFrame {
  let frame = frames.get(event);
  if (frame === undefined) {
    const text = `id: ${event.id}\nevent: ${event.type}\ndata: ${JSON.stringify(event.data)}\n\n`;
    const body = Buffer.from(text, 'utf8');
    const size = Buffer.from(`${body.length.toString(16)}\r\n`, 'latin1');
    frame = { text, chunk: Buffer.concat([size, body, CRLF]) };
    frames.set(event, frame);
  }
  return frame;
}

/** The `text/event-stream` frame of `event` (id, event, data). */
export function sseFrame(event: LiveEvent): string {
  return encode(event).text;
}

/**
 * How events are written to `res`, and how the stream is ended. One event goes
 * to every open stream of its user, so `write` is the fan-out's
 * per-connection cost. `res.write(text)` pays, per call, for the chunk-size
 * line, four buffered pieces, a cork and an uncork on the next tick (an async
 * resource each when async hooks are on, as with the tracing context), and
 * for getters looked up through Express's response prototype. Instead, while
 * the response is an open HTTP/1.1 chunked response on its socket and nobody
 * replaced its `write` (a compression middleware, say), the event's chunk,
 * built once per event, goes to the socket as one buffer: the same bytes on
 * the wire. Otherwise (HTTP/1.0, HEAD, a wrapped, ended or detached response)
 * `res.write`.
 */
function writerFor(res: ServerResponse): { write: (event: LiveEvent) => void; end: () => void } {
  const socket = res.socket;
  const chunked = (res as ServerResponse & { chunkedEncoding?: boolean }).chunkedEncoding;
  let direct =
    socket !== null && res.write === OutgoingMessage.prototype.write && chunked && res.headersSent;
  const stop = () => (direct = false);
  res.once('finish', stop);
  res.once('close', stop);
  return {
    write(event) {
      const frame = encode(event);
      if (direct && socket !== null && !res.writableEnded && socket.writable) {
        socket.write(frame.chunk);
      } else {
        res.write(frame.text);
      }
    },
    end() {
      direct = false;
      res.end();
    },
  };
}
