import { timingSafeEqual } from 'node:crypto';
import { signWebhook } from '../../notifier/webhooks/webhook-signature.util.js';
import { header } from '../utils/webhook-body.util.js';
import type { IncomingMessage } from 'node:http';

/** The three headers of a Standard Webhooks request (Svix's `svix-*` names or the spec's `webhook-*`). */
export interface StandardWebhookHeaders {
  id: string;
  timestamp: string;
  signature: string;
}

/** The id, timestamp and signature headers, under `svix-*` or `webhook-*` names; `undefined` when one is missing. */
export function standardWebhookHeaders(req: IncomingMessage): StandardWebhookHeaders | undefined {
  for (const prefix of ['svix', 'webhook']) {
    const id = header(req, `${prefix}-id`);
    const timestamp = header(req, `${prefix}-timestamp`);
    const signature = header(req, `${prefix}-signature`);
    if (id && timestamp && signature) return { id, timestamp, signature };
  }
  return undefined;
}

/**
 * Whether one `v1,<base64>` entry of the space-separated `signature` header
 * is the HMAC-SHA256 of `id.timestamp.body` under one of `keys` (the same
 * signing primitive Herald's outgoing webhooks use; compared in constant time).
 */
export function verifyStandardWebhook(
  keys: readonly Buffer[],
  { id, timestamp, signature }: StandardWebhookHeaders,
  body: Buffer,
): boolean {
  const given = signature
    .split(' ')
    .filter((entry) => entry.startsWith('v1,'))
    .map((entry) => Buffer.from(entry.slice(3), 'base64'));
  if (given.length === 0) return false;
  const text = body.toString('utf8');
  return keys.some((key) => {
    const expected = Buffer.from(
      signWebhook([key], id, Number(timestamp), text).slice(3),
      'base64',
    );
    return given.some((g) => g.length === expected.length && timingSafeEqual(g, expected));
  });
}
