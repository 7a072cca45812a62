import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gunzipSync } from 'node:zlib';
// The protobuf root generated from the OTLP .proto files, as shipped by @opentelemetry/otlp-transformer.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const root = require('@opentelemetry/otlp-transformer/build/src/generated/root');

/** The OTLP/HTTP signals this receiver accepts. */
export type OtlpSignal = 'traces' | 'metrics' | 'logs';

const REQUEST_TYPES: Record<OtlpSignal, any> = {
  traces: root.opentelemetry.proto.collector.trace.v1.ExportTraceServiceRequest,
  metrics: root.opentelemetry.proto.collector.metrics.v1.ExportMetricsServiceRequest,
  logs: root.opentelemetry.proto.collector.logs.v1.ExportLogsServiceRequest,
};
const RESPONSE_TYPES: Record<OtlpSignal, any> = {
  traces: root.opentelemetry.proto.collector.trace.v1.ExportTraceServiceResponse,
  metrics: root.opentelemetry.proto.collector.metrics.v1.ExportMetricsServiceResponse,
  logs: root.opentelemetry.proto.collector.logs.v1.ExportLogsServiceResponse,
};

/** One export request as received: raw facts plus the decoded body (ids as lowercase hex). */
export interface OtlpRequest {
  signal: OtlpSignal;
  headers: IncomingHttpHeaders;
  /** `gzip` or undefined. */
  contentEncoding?: string;
  contentType?: string;
  /** Bytes on the wire (compressed if it was). */
  wireBytes: number;
  /** The decoded `Export<Signal>ServiceRequest` as a plain object. */
  body: any;
}

/** A decoded span, flattened out of resource/scope spans. */
export interface ReceivedSpan {
  name: string;
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  /** OTLP span kind: 1 INTERNAL, 2 SERVER, 3 CLIENT, 4 PRODUCER, 5 CONSUMER. */
  kind: number;
  attributes: Record<string, unknown>;
  resource: Record<string, unknown>;
  status?: { code?: number; message?: string };
}

const HEX_KEYS = new Set(['traceId', 'spanId', 'parentSpanId']);

function hexIds(node: any): any {
  if (Array.isArray(node)) return node.map(hexIds);
  if (node === null || typeof node !== 'object' || node instanceof Uint8Array) return node;
  const out: any = {};
  for (const [key, value] of Object.entries(node)) {
    out[key] =
      HEX_KEYS.has(key) && value instanceof Uint8Array
        ? Buffer.from(value).toString('hex')
        : hexIds(value);
  }
  return out;
}

/** Unwraps OTLP `AnyValue`s: `{ stringValue: 'x' }` → 'x'. */
export function anyValue(value: any): unknown {
  if (!value) return undefined;
  if ('stringValue' in value) return value.stringValue;
  if ('intValue' in value) return Number(value.intValue);
  if ('doubleValue' in value) return value.doubleValue;
  if ('boolValue' in value) return value.boolValue;
  if ('arrayValue' in value) return (value.arrayValue.values ?? []).map(anyValue);
  return value;
}

/** `[{ key, value: AnyValue }]` → `{ key: value }`. */
export function keyValues(list: any[] | undefined): Record<string, unknown> {
  return Object.fromEntries((list ?? []).map((kv) => [kv.key, anyValue(kv.value)]));
}

/**
 * A local OTLP/HTTP receiver on 127.0.0.1 (port 0) for traces, metrics and
 * logs: it accepts protobuf or JSON bodies, gzip or not, decodes them with
 * the generated OTLP protobuf root and answers as a collector does.
 */
export class OtlpReceiver {
  readonly requests: OtlpRequest[] = [];
  private server?: Server;
  private waiters: Array<() => void> = [];

  /** Base URL (`http://127.0.0.1:<port>`), to which exporters append `/v1/<signal>`. */
  url = '';

  async start(): Promise<this> {
    this.server = createServer((req, res) => {
      const signal = /^\/v1\/(traces|metrics|logs)$/.exec(req.url ?? '')?.[1] as
        OtlpSignal | undefined;
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        if (req.method !== 'POST' || !signal) {
          res.writeHead(404).end();
          return;
        }
        const wire = Buffer.concat(chunks);
        const encoding = req.headers['content-encoding'];
        const raw = encoding === 'gzip' ? gunzipSync(wire) : wire;
        const json = String(req.headers['content-type']).includes('json');
        const body = json
          ? JSON.parse(raw.toString('utf8'))
          : hexIds(
              REQUEST_TYPES[signal].toObject(REQUEST_TYPES[signal].decode(raw), {
                longs: String,
                defaults: false,
              }),
            );
        this.requests.push({
          signal,
          headers: req.headers,
          contentEncoding: encoding,
          contentType: req.headers['content-type'],
          wireBytes: wire.length,
          body,
        });
        if (json) res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
        else
          res
            .writeHead(200, { 'content-type': 'application/x-protobuf' })
            .end(Buffer.from(RESPONSE_TYPES[signal].encode({}).finish()));
        this.waiters.splice(0).forEach((wake) => wake());
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  /** Every span received so far, in arrival order. */
  spans(): ReceivedSpan[] {
    return this.requests
      .filter((r) => r.signal === 'traces')
      .flatMap((r) =>
        (r.body.resourceSpans ?? []).flatMap((rs: any) =>
          (rs.scopeSpans ?? []).flatMap((ss: any) =>
            (ss.spans ?? []).map((s: any) => ({
              name: s.name,
              traceId: s.traceId,
              spanId: s.spanId,
              parentSpanId: s.parentSpanId || undefined,
              kind: s.kind ?? 0,
              attributes: keyValues(s.attributes),
              resource: keyValues(rs.resource?.attributes),
              status: s.status,
            })),
          ),
        ),
      );
  }

  /** Resolves once `predicate()` holds (checked after each request), or rejects after `timeoutMs`. */
  async waitFor(predicate: () => boolean, timeoutMs = 5000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!predicate()) {
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`OTLP receiver: condition not met within ${timeoutMs} ms`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  async stop(): Promise<void> {
    this.waiters.splice(0).forEach((wake) => wake());
    if (!this.server) return;
    this.server.closeAllConnections();
    await new Promise((resolve) => this.server!.close(resolve));
  }
}
