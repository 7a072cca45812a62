import type { IncomingMessage } from 'node:http';

/** What the controllers read of a request (Express or any adapter with `rawBody: true`). */
export interface WebhookRequest extends IncomingMessage {
  rawBody?: Buffer;
  body?: unknown;
  originalUrl?: string;
  /** Set by body-parser once it consumed the stream. */
  _body?: boolean;
}

/** Bodies larger than this are refused (SendGrid batches stay far below). */
const MAX_BODY_BYTES = 5 * 1024 * 1024;

/**
 * The request body exactly as sent: Nest's `rawBody` (`NestFactory.create(AppModule,
 * { rawBody: true })`), a body a raw parser left as a `Buffer`, or the
 * stream itself when no body parser read it. `undefined` when a parser
 * consumed it without keeping a copy.
 */
export async function readRawBody(req: WebhookRequest): Promise<Buffer | undefined> {
  if (Buffer.isBuffer(req.rawBody)) return req.rawBody;
  if (Buffer.isBuffer(req.body)) return req.body;
  if (req._body || req.readableEnded || !req.readable) return undefined;
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY_BYTES) return undefined;
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

/**
 * The form parameters of a Twilio request: parsed from the raw body when
 * there is one, else from the body a urlencoded parser produced.
 */
export function formParams(raw: Buffer | undefined, parsed: unknown): URLSearchParams | undefined {
  if (raw) return new URLSearchParams(raw.toString('utf8'));
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return undefined;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(parsed as Record<string, unknown>)) {
    for (const item of Array.isArray(value) ? value : [value]) {
      if (typeof item !== 'string') return undefined;
      params.append(key, item);
    }
  }
  return params;
}

/** A single header's value. */
export function header(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/** The URL a provider called: `publicUrl` + path and query, or rebuilt from the request. */
export function calledUrl(req: WebhookRequest, publicUrl?: string): string {
  const path = req.originalUrl ?? req.url ?? '/';
  if (publicUrl) return publicUrl.replace(/\/+$/, '') + path;
  const proto =
    header(req, 'x-forwarded-proto')?.split(',')[0].trim() ??
    ((req.socket as { encrypted?: boolean }).encrypted ? 'https' : 'http');
  const host = header(req, 'x-forwarded-host')?.split(',')[0].trim() ?? header(req, 'host') ?? '';
  return `${proto}://${host}${path}`;
}
