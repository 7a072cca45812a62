import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { OtlpReceiver } from './helpers/otlp-receiver.js';

const INTERNAL_KIND = 1;
const SERVER_KIND = 2;
const CLIENT_KIND = 3;
const STATUS_ERROR = 2;

/** Runs helpers/otlp-trace-app.ts in its own Node process and returns the ids it printed. */
function runApp(
  env: Record<string, string>,
): Promise<{ traceId: string; server: string; child: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [
        '-r',
        join(__dirname, 'helpers', 'swc-register.js'),
        join(__dirname, 'helpers', 'otlp-trace-app.ts'),
      ],
      { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let out = '';
    let err = '';
    child.stdout.on('data', (c) => (out += c));
    child.stderr.on('data', (c) => (err += c));
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0 ? resolve(JSON.parse(out)) : reject(new Error(`exit ${code}: ${err}`)),
    );
  });
}

describe.each(['none', 'gzip'] as const)(
  'OTLP/HTTP trace export, compression %s (e2e)',
  (compression) => {
    const receiver = new OtlpReceiver();
    beforeAll(() => receiver.start());
    afterAll(() => receiver.stop());
    beforeEach(() => {
      receiver.requests.length = 0;
    });

    it.each(['tracer', 'module'])(
      '%s: protobuf spans with names, parent ids, attributes, resource, headers',
      async (mode) => {
        const ids = await runApp({
          OTLP_ENDPOINT: receiver.url,
          OTLP_COMPRESSION: compression,
          MODE: mode,
        });
        await receiver.waitFor(() => receiver.spans().length >= 2);

        expect(receiver.requests.every((r) => r.signal === 'traces')).toBe(true);
        const [request] = receiver.requests;
        expect(request.contentType).toBe('application/x-protobuf');
        expect(request.contentEncoding).toBe(compression === 'gzip' ? 'gzip' : undefined);
        expect(request.headers['x-api-key']).toBe('k-123');

        const spans = receiver.spans();
        expect(spans.map((s) => s.name).sort()).toEqual(['GET /orders/:id', 'SELECT orders']);
        const server = spans.find((s) => s.kind === SERVER_KIND)!;
        const db = spans.find((s) => s.kind === CLIENT_KIND)!;
        expect(server).toMatchObject({
          name: 'GET /orders/:id',
          traceId: ids.traceId,
          spanId: ids.server,
          parentSpanId: undefined,
        });
        expect(server.attributes).toEqual({
          'http.route': '/orders/:id',
          'http.response.status_code': 200,
        });
        expect(db).toMatchObject({
          name: 'SELECT orders',
          traceId: ids.traceId,
          spanId: ids.child,
          parentSpanId: ids.server,
        });
        expect(db.attributes).toEqual({ 'db.system.name': 'sqlite', rows: 3, cached: false });
        expect(db.status).toMatchObject({ code: STATUS_ERROR, message: 'slow' });
        expect(server.resource).toMatchObject({
          'service.name': `otlp-${compression}`,
          'deployment.environment.name': 'test',
        });
        expect(spans.some((s) => s.kind === INTERNAL_KIND)).toBe(false);
      },
    );
  },
);
