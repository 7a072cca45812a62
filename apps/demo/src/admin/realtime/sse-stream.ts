import type { Request, Response } from 'express';
import type { RealtimeEvent, RealtimeHub } from './realtime-hub.service';

/**
 * Serves one server-sent-events stream for `userId`: replays the events after
 * `Last-Event-ID` (header, or `?lastEventId=`), or sends `sync` (from
 * `initial()`) when there is nothing to replay from; then live events, and a
 * heartbeat comment every `heartbeatMs`. Everything is released on close.
 */
export async function serveSse(
  req: Request,
  res: Response,
  hub: RealtimeHub,
  userId: string,
  initial: () => Promise<{ type: string; data: unknown }>,
): Promise<void> {
  res.status(200);
  res.setHeader('Content-Type', 'text/event-stream; charset=utf-8');
  res.setHeader('Cache-Control', 'no-cache, no-transform');
  res.setHeader('Connection', 'keep-alive');
  res.setHeader('X-Accel-Buffering', 'no');
  res.flushHeaders();
  req.socket.setNoDelay(true);
  req.socket.setTimeout(0);

  const write = (e: RealtimeEvent) => res.write(sseFrame(e));
  const buffered: RealtimeEvent[] = [];
  let ready = false;
  const unsubscribe = hub.subscribe(userId, (e) => (ready ? write(e) : buffered.push(e)));
  const heartbeat = setInterval(
    () => res.write(`: heartbeat ${Date.now()}\n\n`),
    hub.options.heartbeatMs,
  );
  heartbeat.unref();
  const untrack = hub.trackStream(() => res.end());
  const close = () => {
    clearInterval(heartbeat);
    unsubscribe();
    untrack();
  };
  req.on('close', close);
  res.on('error', close);

  res.write('retry: 2000\n\n');
  const lastEventId = String(req.headers['last-event-id'] ?? req.query.lastEventId ?? '');
  const missed = lastEventId ? hub.since(userId, lastEventId) : undefined;
  if (missed) {
    missed.forEach(write);
  } else {
    // Headers are sent already: a failing count must not become an unhandled rejection.
    const sync = await initial().catch(() => ({ type: 'sync', data: {} }));
    res.write(`event: ${sync.type}\ndata: ${JSON.stringify(sync.data)}\n\n`);
  }
  const seen = new Set((missed ?? []).map((e) => e.id));
  buffered.filter((e) => !seen.has(e.id)).forEach(write);
  ready = true;
}

/** Frames already serialised: an event sent to 1,000 streams is serialised once. */
const frames = new WeakMap<RealtimeEvent, string>();

/** The `text/event-stream` frame of `event` (id, event, data). */
export function sseFrame(event: RealtimeEvent): string {
  let frame = frames.get(event);
  if (frame === undefined) {
    frame = `id: ${event.id}\nevent: ${event.type}\ndata: ${JSON.stringify(event.data)}\n\n`;
    frames.set(event, frame);
  }
  return frame;
}
