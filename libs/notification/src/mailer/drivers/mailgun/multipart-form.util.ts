import { randomUUID } from 'node:crypto';

/** One part of a `multipart/form-data` body: a field, or a file when `filename` is set. */
export interface FormPart {
  name: string;
  value: string | Buffer;
  filename?: string;
  contentType?: string;
}

/** Quotes a name or filename for a `Content-Disposition` parameter (RFC 7578: `"` and line breaks escaped). */
function quoted(value: string): string {
  if (!/["\r\n]/.test(value)) return `"${value}"`;
  return `"${value.replace(/"/g, '%22').replace(/\r/g, '%0D').replace(/\n/g, '%0A')}"`;
}

/** `parts` as a `multipart/form-data` body and its `Content-Type` (with a random boundary). */
export function multipartForm(parts: readonly FormPart[]): { body: Buffer; contentType: string } {
  const boundary = `----herald${randomUUID().replace(/-/g, '')}`;
  // text is gathered in one string, turned into bytes once (and around each
  // binary value): a buffer per header, value and line break costs more than the form
  const chunks: Buffer[] = [];
  let text = '';
  for (const part of parts) {
    text += `--${boundary}\r\nContent-Disposition: form-data; name=${quoted(part.name)}`;
    if (part.filename !== undefined)
      text += `; filename=${quoted(part.filename)}\r\nContent-Type: ${part.contentType ?? 'application/octet-stream'}`;
    text += '\r\n\r\n';
    if (Buffer.isBuffer(part.value)) {
      chunks.push(Buffer.from(text, 'utf8'), part.value);
      text = '';
    } else text += part.value;
    text += '\r\n';
  }
  text += `--${boundary}--\r\n`;
  const tail = Buffer.from(text, 'utf8');
  return {
    body: chunks.length === 0 ? tail : Buffer.concat([...chunks, tail]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}
