import { gzipSync } from 'node:zlib';
import { FakeSentryServer, parseSentryEnvelope } from './fake-sentry.server.js';

describe('parseSentryEnvelope', () => {
  it('reads headers, length-prefixed and newline-terminated items', () => {
    const attachment = 'line one\nline two';
    const body = Buffer.from(
      [
        JSON.stringify({ event_id: 'abc' }),
        JSON.stringify({ type: 'attachment', length: Buffer.byteLength(attachment) }),
        attachment,
        JSON.stringify({ type: 'event' }),
        JSON.stringify({ message: 'hi' }),
        '',
      ].join('\n'),
    );
    const envelope = parseSentryEnvelope(body, '/api/1/envelope/');
    expect(envelope.header).toEqual({ event_id: 'abc' });
    expect(envelope.items).toEqual([
      { header: { type: 'attachment', length: 17 }, payload: attachment },
      { header: { type: 'event' }, payload: { message: 'hi' } },
    ]);
  });
});

describe('FakeSentryServer', () => {
  it('accepts gzip envelopes on /api/<project>/envelope/ and 404s elsewhere', async () => {
    const server = await FakeSentryServer.start();
    try {
      expect(server.dsn).toBe(`http://publickey@127.0.0.1:${server.port}/1`);
      const body = gzipSync(`{}\n{"type":"event"}\n{"message":"zipped"}\n`);
      const ok = await fetch(`http://127.0.0.1:${server.port}/api/1/envelope/`, {
        method: 'POST',
        headers: { 'content-encoding': 'gzip' },
        body,
      });
      expect(ok.status).toBe(200);
      await expect(server.waitForEvents(1)).resolves.toEqual([{ message: 'zipped' }]);
      const missing = await fetch(`http://127.0.0.1:${server.port}/other`, { method: 'POST' });
      expect(missing.status).toBe(404);
      await expect(server.waitForEvents(2, 50)).rejects.toThrow('expected 2 Sentry events, got 1');
    } finally {
      await server.close();
    }
  });
});
