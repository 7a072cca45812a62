import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { gzipSync } from 'node:zlib';
import { redactUrlCredentials } from '@herald/contracts/internal';
import { ExportError } from '../../errors/export.error.js';

/** What the OpenTelemetry export delegate expects back from a transport. */
export type OtlpExportResponse =
  | { status: 'success'; data?: Uint8Array }
  | { status: 'failure'; error: Error }
  | { status: 'retryable'; retryInMillis?: number };

/** Options of `OtlpHttpTransport`. */
export interface OtlpHttpTransportOptions {
  /** Full signal URL, e.g. `https://collector:4318/v1/metrics`. */
  url: string;
  headers?: Record<string, string>;
  compression?: 'none' | 'gzip';
  /** @default 'application/x-protobuf' */
  contentType?: string;
}

const RETRYABLE = new Set([429, 502, 503, 504]);

/**
 * A small OTLP/HTTP transport on `node:http`/`node:https` (loaded statically,
 * unlike the SDK's, which uses dynamic `import()` that some runtimes such as
 * Jest's VM refuse): POSTs the serialised body, gzip when asked, with the
 * configured headers; 429/502/503/504 are retryable (honouring Retry-After).
 */
export class OtlpHttpTransport {
  constructor(private readonly options: OtlpHttpTransportOptions) {}

  send(data: Uint8Array, timeoutMillis: number): Promise<OtlpExportResponse> {
    const url = new URL(this.options.url);
    const gzip = this.options.compression === 'gzip';
    const body = gzip ? gzipSync(data) : Buffer.from(data);
    const headers: Record<string, string> = {
      ...(this.options.headers ?? {}),
      'Content-Type': this.options.contentType ?? 'application/x-protobuf',
      'Content-Length': String(body.length),
      'User-Agent': 'herald-otlp-exporter',
    };
    if (gzip) headers['Content-Encoding'] = 'gzip';
    const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
    return new Promise((resolve) => {
      const req = send(url, { method: 'POST', headers, timeout: timeoutMillis }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve(toResponse(url, res, Buffer.concat(chunks))));
        res.on('error', (error) => resolve({ status: 'failure', error }));
      });
      req.on('timeout', () =>
        req.destroy(
          new ExportError(
            `OTLP export to ${endpointOf(url)} timed out after ${timeoutMillis} ms; check that the receiver is reachable or raise opentelemetry.timeout.`,
          ),
        ),
      );
      req.on('error', (error) => resolve({ status: 'failure', error }));
      req.end(body);
    });
  }

  shutdown(): void {}
}

/** The URL without credentials, query or fragment, for messages. */
function endpointOf(url: URL): string {
  return redactUrlCredentials(`${url.origin}${url.pathname}`);
}

function toResponse(url: URL, res: IncomingMessage, data: Buffer): OtlpExportResponse {
  const status = res.statusCode ?? 0;
  if (status >= 200 && status < 300) return { status: 'success', data: new Uint8Array(data) };
  if (RETRYABLE.has(status)) {
    const after = Number(res.headers['retry-after']);
    return {
      status: 'retryable',
      retryInMillis: Number.isFinite(after) ? after * 1000 : undefined,
    };
  }
  return {
    status: 'failure',
    error: new ExportError(
      `OTLP receiver ${endpointOf(url)} answered ${`${status} ${res.statusMessage ?? ''}`.trim()}; the data of this export is dropped (a 4xx means the receiver refuses it as sent).`,
      { status },
    ),
  };
}
