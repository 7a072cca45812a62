import type { IncomingMessage } from 'node:http';
import { PayloadTooLargeException, UnsupportedMediaTypeException } from '@nestjs/common';
import { readBoundedBody } from '../../utils/bounded-body.util.js';

/** Largest one-click body read, in bytes (the form is one short field). */
export const ONE_CLICK_BODY_LIMIT = 16 * 1024;

const FIELD =
  /content-disposition:\s*form-data;\s*name="?List-Unsubscribe"?\s*\r?\n(?:[^\r\n]+\r?\n)*\r?\n([^\r\n]*)/i;

/** A request as the one-click route sees it (body kept by the early reader or `rawBody: true`). */
export type OneClickRequest = IncomingMessage & { body?: unknown; rawBody?: Buffer };

/**
 * Whether a POST carries `List-Unsubscribe=One-Click`. RFC 8058 sends it as
 * `application/x-www-form-urlencoded` or `multipart/form-data`; any other
 * type (JSON included) is refused with 415. The body is the raw one the
 * early reader kept, or the form a urlencoded parser produced, or read here
 * (at most `ONE_CLICK_BODY_LIMIT`; larger: 413).
 */
export async function hasOneClickField(request: OneClickRequest): Promise<boolean> {
  const type = String(request.headers['content-type'] ?? '')
    .split(';')[0]
    .trim()
    .toLowerCase();
  const form = type === 'application/x-www-form-urlencoded';
  if (!form && type !== 'multipart/form-data')
    throw new UnsupportedMediaTypeException(
      `the one-click body must be the form field List-Unsubscribe=One-Click as application/x-www-form-urlencoded or multipart/form-data (RFC 8058), not ${JSON.stringify(type || 'no content type')}`,
    );
  let raw = Buffer.isBuffer(request.rawBody) ? request.rawBody : undefined;
  if (!raw && form && isPlainForm(request.body))
    return Object.hasOwn(request.body, 'List-Unsubscribe')
      ? request.body['List-Unsubscribe'] === 'One-Click'
      : false;
  if (!raw && request.readable && !request.readableEnded) {
    const read = await readBoundedBody(request, ONE_CLICK_BODY_LIMIT);
    if (!read.body)
      throw new PayloadTooLargeException(
        `the one-click body is over ${ONE_CLICK_BODY_LIMIT} bytes`,
      );
    raw = read.body;
  }
  if (!raw) return false;
  const text = raw.toString('utf8');
  if (form) {
    const values = new URLSearchParams(text).getAll('List-Unsubscribe');
    return values.length === 1 && values[0] === 'One-Click';
  }
  return FIELD.exec(text)?.[1] === 'One-Click';
}

function isPlainForm(body: unknown): body is Record<string, unknown> {
  return !!body && typeof body === 'object' && !Array.isArray(body) && !Buffer.isBuffer(body);
}
