/** One part of a `multipart/form-data` body as a fake provider received it. */
export interface ReceivedFormPart {
  name: string;
  value: Buffer;
  filename?: string;
  contentType?: string;
}

/**
 * The parts of a `multipart/form-data` body (RFC 7578), or `undefined` when
 * `contentType` names no boundary or the body does not follow it.
 */
export function parseMultipartForm(
  raw: Buffer,
  contentType: string,
): ReceivedFormPart[] | undefined {
  const boundary = /boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentType);
  if (!/^multipart\/form-data/i.test(contentType) || !boundary) return undefined;
  const delimiter = Buffer.from(`--${boundary[1] ?? boundary[2]}`);
  const parts: ReceivedFormPart[] = [];
  let at = raw.indexOf(delimiter);
  if (at < 0) return undefined;
  for (;;) {
    at += delimiter.length;
    if (raw.subarray(at, at + 2).toString() === '--') return parts;
    const headEnd = raw.indexOf('\r\n\r\n', at);
    const next = raw.indexOf(delimiter, at);
    if (headEnd < 0 || next < 0 || headEnd > next) return undefined;
    const head = raw.subarray(at + 2, headEnd).toString('utf8');
    const disposition = /content-disposition:\s*form-data;([^\r\n]*)/i.exec(head)?.[1] ?? '';
    const name = /\bname="([^"]*)"/.exec(disposition)?.[1];
    if (name === undefined) return undefined;
    parts.push({
      name,
      value: raw.subarray(headEnd + 4, next - 2),
      filename: /\bfilename="([^"]*)"/.exec(disposition)?.[1],
      contentType: /content-type:\s*([^\r\n]+)/i.exec(head)?.[1]?.trim(),
    });
    at = next;
  }
}
