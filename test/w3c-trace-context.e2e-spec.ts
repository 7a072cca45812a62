import { createServer, request, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { INestApplication } from '@nestjs/common';
import { startW3cTestService } from './helpers/w3c-trace-context-service.js';

/**
 * The test service that `npm run conformance` hands to the official W3C Trace
 * Context harness, driven here over real HTTP the way the harness drives it:
 * raw header lines (repeated, oddly cased, with spaces around values) go in,
 * and a local callback server records the header lines of each outgoing call.
 * The rules themselves are tabled in trace-context.propagator.spec.ts; this
 * checks what only real HTTP shows (Node joins repeated headers and trims
 * values before Herald sees them).
 */

const TRACE = '4bf92f3577b34da6a3ce929d0e0e4736';
const PARENT = '00f067aa0ba902b7';
const TRACEPARENT = /^00-([0-9a-f]{32})-([0-9a-f]{16})-([0-9a-f]{2})$/;

interface Callback {
  traceparent: string[];
  tracestate: string[];
}

describe('W3C Trace Context test service over HTTP (e2e)', () => {
  let app: INestApplication;
  let serviceUrl: string;
  let callbacks: Server;
  let callbackBase: string;
  const received = new Map<string, Callback>();
  let sequence = 0;

  beforeAll(async () => {
    ({ app, url: serviceUrl } = await startW3cTestService());
    callbacks = createServer((req, res) => {
      const lines = (name: string) =>
        req.rawHeaders.filter(
          (_, i) => i % 2 === 1 && req.rawHeaders[i - 1].toLowerCase() === name,
        );
      received.set(req.url ?? '', {
        traceparent: lines('traceparent'),
        tracestate: lines('tracestate'),
      });
      req.resume();
      req.on('end', () => res.writeHead(200, { 'content-type': 'application/json' }).end('null'));
    });
    await new Promise<void>((resolve) => callbacks.listen(0, '127.0.0.1', resolve));
    callbackBase = `http://127.0.0.1:${(callbacks.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    await new Promise((resolve) => callbacks.close(resolve));
    await app.close();
  });

  /** POSTs the harness's instruction list with raw `headers`; resolves with each callback's header lines. */
  async function drive(headers: Array<[string, string]>, calls = 1): Promise<Callback[]> {
    const id = ++sequence;
    const paths = Array.from({ length: calls }, (_, i) => `/scope-${id}.${i}`);
    const body = JSON.stringify(
      paths.map((path) => ({ url: `${callbackBase}${path}`, arguments: [] })),
    );
    // a raw header list is sent as is: Node adds no Host line of its own
    const raw = [
      'host',
      new URL(serviceUrl).host,
      ...headers.flat(),
      'content-type',
      'application/json',
      'content-length',
      String(Buffer.byteLength(body)),
    ];
    const status = await new Promise<number>((resolve, reject) => {
      const req = request(serviceUrl, { method: 'POST', headers: raw }, (res: IncomingMessage) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      });
      req.on('error', reject);
      req.end(body);
    });
    expect(status).toBe(200);
    return paths.map((path) => {
      const callback = received.get(path);
      if (!callback) throw new Error(`the service made no call to ${path}`);
      return callback;
    });
  }

  /** The one traceparent a call carried, parsed. */
  function parent(callback: Callback) {
    expect(callback.traceparent).toHaveLength(1);
    const match = TRACEPARENT.exec(callback.traceparent[0]);
    if (!match) throw new Error(`malformed traceparent "${callback.traceparent[0]}"`);
    return { traceId: match[1], parentId: match[2], flags: match[3] };
  }

  it('starts a random, sampled trace when the request has no traceparent', async () => {
    const [call] = await drive([]);
    expect(parent(call).flags).toBe('03');
    expect(call.tracestate).toEqual([]);
  });

  it('continues a traceparent whatever the case of its name, with a new parent-id per call', async () => {
    const calls = await drive([['TrAcEpArEnT', `00-${TRACE}-${PARENT}-01`]], 3);
    const parents = calls.map(parent);
    expect(parents.map((p) => p.traceId)).toEqual([TRACE, TRACE, TRACE]);
    expect(new Set(parents.map((p) => p.parentId)).size).toBe(3);
    expect(parents.map((p) => p.parentId)).not.toContain(PARENT);
    expect(parents.map((p) => p.flags)).toEqual(['01', '01', '01']);
  });

  it('keeps the level-2 random flag of the caller', async () => {
    const [call] = await drive([['traceparent', `00-${TRACE}-${PARENT}-02`]]);
    expect(parent(call)).toMatchObject({ traceId: TRACE, flags: '02' });
  });

  it('continues a traceparent sent with spaces and tabs around it', async () => {
    const [call] = await drive([['traceparent', `\t 00-${TRACE}-${PARENT}-01 \t`]]);
    expect(parent(call).traceId).toBe(TRACE);
  });

  it('restarts the trace when traceparent comes twice, and drops tracestate', async () => {
    const [call] = await drive([
      ['traceparent', `00-${TRACE}-${PARENT}-01`],
      ['traceparent', `00-${TRACE}-${PARENT}-01`],
      ['tracestate', 'congo=t61rcWkgMzE'],
    ]);
    expect(parent(call).traceId).not.toBe(TRACE);
    expect(call.tracestate).toEqual([]);
  });

  it('combines tracestate header lines in order, empty lines included, and sends one', async () => {
    const [call] = await drive([
      ['traceparent', `00-${TRACE}-${PARENT}-00`],
      ['TraceState', 'rojo=00f067aa0ba902b7,congo=t61rcWkgMzE'],
      ['tracestate', ''],
      ['tracestate', 'tenant@vendor=x'],
    ]);
    expect(call.tracestate).toEqual(['rojo=00f067aa0ba902b7,congo=t61rcWkgMzE,tenant@vendor=x']);
  });

  it('discards a tracestate of 33 members spread over header lines, keeping the trace', async () => {
    const members = Array.from({ length: 33 }, (_, i) => `m${i}=${i}`);
    const [call] = await drive([
      ['traceparent', `00-${TRACE}-${PARENT}-00`],
      ['tracestate', members.slice(0, 20).join(',')],
      ['tracestate', members.slice(20).join(',')],
    ]);
    expect(parent(call).traceId).toBe(TRACE);
    expect(call.tracestate).toEqual([]);
  });

  it('discards a tracestate that comes without traceparent', async () => {
    const [call] = await drive([['tracestate', 'congo=t61rcWkgMzE']]);
    expect(parent(call).traceId).not.toBe(TRACE);
    expect(call.tracestate).toEqual([]);
  });
});
