import { BadRequestException, InternalServerErrorException } from '@nestjs/common';
import type { WebhookContext } from '../webhook-context.js';
import { readRawBody, type WebhookRequest } from './webhook-body.util.js';

/** Latest time accepted: the last second of year 9999 (a valid `Date` in every store). */
const MAX_EVENT_MS = 253_402_300_799_000;

/** The raw body of a signed webhook (413 over the limit; 500 when a parser kept no copy). */
export async function signedBody(
  req: WebhookRequest,
  context: WebhookContext,
  provider: string,
): Promise<Buffer> {
  const raw = await readRawBody(req, context.bodyLimit);
  if (raw) return raw;
  // only when a body parser ran before the route (an adapter other than Express) and kept no copy
  context.logger.error(
    `${provider} webhook: a body parser consumed the request body without keeping a copy, so it cannot be checked; create the app with NestFactory.create(AppModule, { rawBody: true })`,
  );
  throw new InternalServerErrorException('raw request body unavailable');
}

/** The body as one JSON object (400 when it is not JSON or not an object). */
export function jsonObject(raw: Buffer): Record<string, unknown> {
  let body: unknown;
  try {
    body = JSON.parse(raw.toString('utf8'));
  } catch {
    throw new BadRequestException('the body is not JSON');
  }
  return objectField(body, 'the body');
}

/** `value` as an object, or 400 naming `field`. */
export function objectField(value: unknown, field: string): Record<string, unknown> {
  if (!value || typeof value !== 'object' || Array.isArray(value))
    throw new BadRequestException(`${field} must be a JSON object`);
  return value as Record<string, unknown>;
}

/** An optional ISO 8601 date string (400 naming `field` when unreadable or past year 9999). */
export function isoDate(value: unknown, field: string): Date | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  const ms = typeof value === 'string' && value.length <= 64 ? Date.parse(value) : NaN;
  if (!(ms >= 0 && ms <= MAX_EVENT_MS))
    throw new BadRequestException(
      `"${field}" must be an ISO 8601 date such as 2026-01-31T12:00:00Z (got ${JSON.stringify(value)?.slice(0, 80)})`,
    );
  return new Date(ms);
}

/** Optional Unix seconds (fractions allowed; 400 naming `field` when not a number from 0 to year 9999). */
export function unixSeconds(value: unknown, field: string): Date | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'number' || !(value >= 0 && value * 1000 <= MAX_EVENT_MS))
    throw new BadRequestException(
      `"${field}" must be Unix seconds from 0 to ${MAX_EVENT_MS / 1000} (got ${JSON.stringify(value)})`,
    );
  return new Date(Math.round(value * 1000));
}
