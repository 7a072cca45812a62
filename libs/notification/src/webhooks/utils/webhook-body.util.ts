import type { IncomingMessage } from 'node:http';
import { PayloadTooLargeException } from '@nestjs/common';
import { readBoundedBody } from '../../utils/bounded-body.util.js';

/** What the controllers read of a request (Express or any adapter with `rawBody: true`). */
export interface WebhookRequest extends IncomingMessage {
  rawBody?: Buffer;
  body?: unknown;
  originalUrl?: string;
  /** Set by body-parser once it consumed the stream. */
  _body?: boolean;
}

/**
 * The request body exactly as sent: the early reader's or Nest's `rawBody`, a
 * body a raw parser left as a `Buffer`, or the stream itself when nothing
 * read it (at most `limit` bytes: a larger body is read to its end and
 * refused with 413). `undefined` when a parser consumed it without keeping a
 * copy (an adapter the early reader does not serve, without `rawBody: true`).
 */
export async function readRawBody(req: WebhookRequest, limit: number): Promise<Buffer | undefined> {
  if (Buffer.isBuffer(req.rawBody)) return req.rawBody;
  if (Buffer.isBuffer(req.body)) return req.body;
  if (req._body || req.readableEnded || !req.readable) return undefined;
  const { body, size } = await readBoundedBody(req, limit);
  if (!body)
    throw new PayloadTooLargeException(
      `webhook body of ${size} bytes is over the limit of ${limit} bytes (NotificationWebhooksModule option bodyLimit)`,
    );
  return body;
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

/**
 * The URL a provider called: `publicUrl` + path and query; else rebuilt from
 * the request's own `Host` and scheme, or from `X-Forwarded-Host` /
 * `X-Forwarded-Proto` when the proxy in front is trusted (`trustProxy`, by
 * default Express's `trust proxy` setting for the connecting address).
 */
export function calledUrl(req: WebhookRequest, publicUrl?: string, trustProxy?: boolean): string {
  const path = req.originalUrl ?? req.url ?? '/';
  if (publicUrl) return publicUrl.replace(/\/+$/, '') + path;
  const trusted = trustProxy ?? expressTrustsProxy(req);
  const forwarded = (name: string): string | undefined =>
    trusted ? header(req, name)?.split(',')[0].trim() || undefined : undefined;
  const proto =
    forwarded('x-forwarded-proto') ??
    ((req.socket as { encrypted?: boolean }).encrypted ? 'https' : 'http');
  const host = forwarded('x-forwarded-host') ?? header(req, 'host') ?? '';
  return `${proto}://${host}${path}`;
}

/** Whether Express's `trust proxy` setting trusts the address the request came from. */
function expressTrustsProxy(req: WebhookRequest): boolean {
  const app = (req as { app?: { get?: (name: string) => unknown } }).app;
  const trust = typeof app?.get === 'function' ? app.get('trust proxy fn') : undefined;
  return typeof trust === 'function' && trust(req.socket?.remoteAddress, 0) === true;
}
