import { once } from 'node:events';
import { request, type Server } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import express from 'express';
import { LiveEventHub } from './live-event.hub.js';
import { serveSse, sseFrame } from './sse-stream.util.js';

/** A stream's body as the client reads it (chunked encoding already decoded by node:http). */
class Body {
  text = '';
  private waiters: Array<() => void> = [];
  feed(chunk: string): void {
    this.text += chunk;
    this.waiters.splice(0).forEach((wake) => wake());
  }
  async until(predicate: (text: string) => boolean): Promise<string> {
    while (!predicate(this.text)) await new Promise<void>((wake) => this.waiters.push(wake));
    return this.text;
  }
}

describe('serveSse', () => {
  let hub: LiveEventHub;
  let server: Server;
  let port: number;
  let wrappedWrites: string[];
  const closers: Array<() => void> = [];

  beforeEach(async () => {
    hub = new LiveEventHub({ heartbeatMs: 60_000, replayPerUser: 10 });
    wrappedWrites = [];
    const app = express();
    // What a compression middleware does: replace `res.write` on the response.
    app.use('/wrapped', (_req, res, next) => {
      const write = res.write.bind(res) as (chunk: unknown) => boolean;
      res.write = ((chunk: unknown) => {
        wrappedWrites.push(String(chunk));
        return write(chunk);
      }) as typeof res.write;
      next();
    });
    const route = (req: express.Request, res: express.Response) =>
      void serveSse(req, res, hub, String(req.query.user), async () => ({
        type: 'sync',
        data: { unread_count: 0 },
      }));
    app.get('/stream', route);
    app.get('/wrapped/stream', route);
    server = app.listen(0, '127.0.0.1');
    await once(server, 'listening');
    port = (server.address() as AddressInfo).port;
  });

  afterEach(async () => {
    closers.splice(0).forEach((close) => close());
    hub.endStreams();
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  const open = async (
    path: string,
    headers: Record<string, string> = {},
    ready = (text: string) => text.includes('event: sync'),
  ): Promise<Body> => {
    const body = new Body();
    await new Promise<void>((resolve, reject) => {
      const req = request({ host: '127.0.0.1', port, path, headers }, (res) => {
        expect(res.headers['transfer-encoding']).toBe('chunked');
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => body.feed(chunk));
        res.on('error', () => undefined);
        closers.push(() => req.destroy());
        resolve();
      });
      req.on('error', reject);
      req.end();
    });
    await body.until(ready);
    return body;
  };

  it('writes each event once, in order, to the streams of its user only', async () => {
    const [alice1, alice2, bob] = await Promise.all([
      open('/stream?user=alice'),
      open('/stream?user=alice'),
      open('/stream?user=bob'),
    ]);
    const first = hub.publish({ userId: 'alice', type: 'inbox.sent', data: { title: 'é ✓ 😀' } });
    const second = hub.publish({ userId: 'alice', type: 'inbox.read', data: { n: 2 } });
    const toBob = hub.publish({ userId: 'bob', type: 'inbox.sent', data: { title: 'bob' } });
    const expected = `retry: 2000\n\nevent: sync\ndata: {"unread_count":0}\n\n${sseFrame(first)}${sseFrame(second)}`;
    for (const alice of [alice1, alice2]) {
      expect(await alice.until((text) => text.length >= expected.length)).toBe(expected);
    }
    const bobText = await bob.until((text) => text.includes('event: inbox.sent'));
    expect(bobText).toBe(
      `retry: 2000\n\nevent: sync\ndata: {"unread_count":0}\n\n${sseFrame(toBob)}`,
    );
    expect(sseFrame(first)).toBe(
      `id: ${first.id}\nevent: inbox.sent\ndata: {"title":"é ✓ 😀"}\n\n`,
    );
  });

  it('goes through a replaced res.write (a compression middleware, say) instead of around it', async () => {
    const body = await open('/wrapped/stream?user=alice');
    const event = hub.publish({ userId: 'alice', type: 'inbox.sent', data: { title: 'hi' } });
    await body.until((text) => text.includes('event: inbox.sent'));
    expect(wrappedWrites).toContain(sseFrame(event));
  });

  it('answers an HTTP/1.0 client (no chunked encoding) with bare frames', async () => {
    const socket = connect(port, '127.0.0.1');
    closers.push(() => socket.destroy());
    await once(socket, 'connect');
    let raw = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (raw += chunk));
    socket.write('GET /stream?user=carol HTTP/1.0\r\nHost: localhost\r\n\r\n');
    while (!raw.includes('event: sync')) await once(socket, 'data');
    const event = hub.publish({ userId: 'carol', type: 'inbox.sent', data: { title: 'old' } });
    while (!raw.includes('event: inbox.sent')) await once(socket, 'data');
    expect(raw).not.toMatch(/transfer-encoding/i);
    expect(raw.slice(raw.indexOf('\r\n\r\n') + 4)).toBe(
      `retry: 2000\n\nevent: sync\ndata: {"unread_count":0}\n\n${sseFrame(event)}`,
    );
  });

  it('stops writing to a stream once it is closed', async () => {
    const body = await open('/stream?user=dave');
    expect(hub.subscriberCount()).toBe(1);
    closers.splice(0).forEach((close) => close());
    while (hub.subscriberCount() > 0) await new Promise((resolve) => setTimeout(resolve, 10));
    expect(() =>
      hub.publish({ userId: 'dave', type: 'inbox.sent', data: { title: 'gone' } }),
    ).not.toThrow();
    expect(body.text).not.toContain('gone');
  });

  it('replays what a client missed after its Last-Event-ID (header or ?lastEventId=), no sync', async () => {
    const seen = hub.publish({ userId: 'erin', type: 'inbox.sent', data: { n: 1 } });
    const missed = [2, 3].map((n) =>
      hub.publish({ userId: 'erin', type: 'inbox.sent', data: { n } }),
    );
    const expected = `retry: 2000\n\n${missed.map(sseFrame).join('')}`;
    const viaHeader = await open('/stream?user=erin', { 'Last-Event-ID': seen.id }, (text) =>
      text.includes('"n":3'),
    );
    expect(viaHeader.text).toBe(expected);
    const viaQuery = await open(
      `/stream?user=erin&lastEventId=${encodeURIComponent(seen.id)}`,
      {},
      (text) => text.includes('"n":3'),
    );
    expect(viaQuery.text).toBe(expected);
  });

  it('sends sync after a gap it cannot replay, with the id of the newest event to resume from', async () => {
    const newest = [1, 2, 3]
      .map((n) => hub.publish({ userId: 'fay', type: 'x', data: { n } }))
      .at(-1)!;
    const body = await open('/stream?user=fay', { 'Last-Event-ID': 'unknown-or-forgotten' });
    expect(body.text).toBe(
      `retry: 2000\n\nid: ${newest.id}\nevent: sync\ndata: {"unread_count":0}\n\n`,
    );
    const next = hub.publish({ userId: 'fay', type: 'x', data: { n: 4 } });
    await body.until((text) => text.includes('"n":4'));
    expect(body.text.endsWith(sseFrame(next))).toBe(true);
    expect(hub.since('fay', newest.id)).toEqual([next]);
  });

  it('keeps only the last replayPerUser events of a user', () => {
    const events = Array.from({ length: 12 }, (_, n) =>
      hub.publish({ userId: 'gus', type: 'x', data: { n } }),
    );
    expect(hub.since('gus', events[1]!.id)).toBeUndefined();
    expect(hub.since('gus', events[2]!.id)).toEqual(events.slice(3));
  });
});
