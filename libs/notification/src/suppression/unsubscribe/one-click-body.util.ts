import type { IncomingMessage } from 'node:http';

const MAX_BODY = 16 * 1024;
const FIELD =
  /content-disposition:\s*form-data;\s*name="?List-Unsubscribe"?\s*\r?\n(?:[^\r\n]+\r?\n)*\r?\n([^\r\n]*)/i;

/**
 * Whether a POST carries `List-Unsubscribe=One-Click` (RFC 8058 allows
 * `application/x-www-form-urlencoded` and `multipart/form-data`): the field
 * from the parsed body when a body parser ran, else read from the request
 * (multipart, at most 16 KB).
 */
export async function hasOneClickField(
  request: IncomingMessage & { body?: unknown },
): Promise<boolean> {
  const parsed = request.body as Record<string, unknown> | undefined;
  if (parsed && typeof parsed === 'object' && 'List-Unsubscribe' in parsed)
    return parsed['List-Unsubscribe'] === 'One-Click';
  const type = String(request.headers['content-type'] ?? '').toLowerCase();
  if (!type.startsWith('multipart/form-data') || request.readableEnded) return false;
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_BODY) return false;
    chunks.push(chunk);
  }
  return FIELD.exec(Buffer.concat(chunks).toString('utf8'))?.[1] === 'One-Click';
}
