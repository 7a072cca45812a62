import { createHash, createHmac } from 'node:crypto';

/** The credentials a request is signed with. */
export interface AwsCredentials {
  accessKeyId: string;
  secretAccessKey: string;
  /** Temporary credentials' token, sent (and signed) as `X-Amz-Security-Token`. */
  sessionToken?: string;
}

/** One request to sign: the headers must include `host`. */
export interface SigV4Request {
  method: string;
  /** Path without the query string, e.g. `/v2/email/outbound-emails`. */
  path: string;
  /** Query parameters (none for SES v2 `SendEmail`). */
  query?: URLSearchParams;
  headers: Record<string, string | number>;
  body: string | Buffer;
}

/** Where and when: the credential scope. */
export interface SigV4Scope {
  region: string;
  service: string;
  /** The signing time. @default now */
  date?: Date;
  /**
   * The signing key of a day, when the caller keeps it (`SigV4KeyCache`):
   * the key changes once a day, and deriving it is four HMACs per request.
   * @default derived from the secret on every call
   */
  signingKey?: (day: string) => Buffer;
}

/** What signing adds: the headers to send, and the pieces the signature covers (for tests and fakes). */
export interface SigV4Signature {
  /** `authorization`, `x-amz-date`, `x-amz-content-sha256` and, with a token, `x-amz-security-token`. */
  headers: Record<string, string>;
  canonicalRequest: string;
  stringToSign: string;
  signature: string;
}

const ALGORITHM = 'AWS4-HMAC-SHA256';

const sha256Hex = (data: string | Buffer): string =>
  createHash('sha256').update(data).digest('hex');
const hmac = (key: string | Buffer, data: string): Buffer =>
  createHmac('sha256', key).update(data, 'utf8').digest();

/** `20150830T123600Z` for a date. */
export function amzDate(date: Date): string {
  return date
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
}

/** RFC 3986 encoding AWS asks for (`A-Za-z0-9-._~` kept, everything else `%XX`). */
function uriEncode(value: string): string {
  return encodeURIComponent(value).replace(
    /[!'()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

/** The signing key: HMAC chain of the secret over date, region, service and `aws4_request`. */
export function sigV4SigningKey(
  secretAccessKey: string,
  day: string,
  region: string,
  service: string,
): Buffer {
  return hmac(hmac(hmac(hmac(`AWS4${secretAccessKey}`, day), region), service), 'aws4_request');
}

/**
 * Signs `request` with AWS Signature Version 4 (`AWS4-HMAC-SHA256`): every
 * header given is signed, plus `x-amz-date` (and `x-amz-security-token`).
 * `x-amz-content-sha256` is added only when `payloadHeader` is set (S3 style);
 * SES does not need it.
 */
export function signSigV4(
  request: SigV4Request,
  credentials: AwsCredentials,
  scope: SigV4Scope,
  payloadHeader = false,
): SigV4Signature {
  const when = amzDate(scope.date ?? new Date());
  const day = when.slice(0, 8);
  const payloadHash = sha256Hex(request.body);
  const added: Record<string, string> = { 'x-amz-date': when };
  if (credentials.sessionToken) added['x-amz-security-token'] = credentials.sessionToken;
  if (payloadHeader) added['x-amz-content-sha256'] = payloadHash;
  const headers = new Map<string, string>();
  for (const source of [request.headers, added])
    for (const name in source)
      headers.set(name.toLowerCase(), String(source[name]).trim().replace(/\s+/g, ' '));
  const names = [...headers.keys()].sort();
  const signedHeaders = names.join(';');
  const query = request.query
    ? [...request.query.entries()]
        .map(([k, v]) => [uriEncode(k), uriEncode(v)])
        .sort(([a, x], [b, y]) => (a < b ? -1 : a > b ? 1 : x < y ? -1 : x > y ? 1 : 0))
        .map(([k, v]) => `${k}=${v}`)
        .join('&')
    : '';
  const path = request.path.split('/').map(uriEncode).join('/') || '/';
  const canonicalRequest = [
    request.method.toUpperCase(),
    path,
    query,
    names.map((n) => `${n}:${headers.get(n)}\n`).join(''),
    signedHeaders,
    payloadHash,
  ].join('\n');
  const credentialScope = `${day}/${scope.region}/${scope.service}/aws4_request`;
  const stringToSign = [ALGORITHM, when, credentialScope, sha256Hex(canonicalRequest)].join('\n');
  const key =
    scope.signingKey?.(day) ??
    sigV4SigningKey(credentials.secretAccessKey, day, scope.region, scope.service);
  const signature = createHmac('sha256', key).update(stringToSign, 'utf8').digest('hex');
  added.authorization = `${ALGORITHM} Credential=${credentials.accessKeyId}/${credentialScope}, SignedHeaders=${signedHeaders}, Signature=${signature}`;
  return {
    headers: added,
    canonicalRequest,
    stringToSign,
    signature,
  };
}

/**
 * One credential's signing key, kept for the day it was derived for (the
 * AWS SDKs keep it too): `signSigV4(..., { signingKey: cache.keyOf })`. The
 * secret and the key live in the closure only, so neither shows when the
 * driver is logged or inspected.
 */
export class SigV4KeyCache {
  /** The signing key of `day` (`YYYYMMDD`), derived once per day. */
  readonly keyOf: (day: string) => Buffer;

  constructor(secretAccessKey: string, region: string, service: string) {
    let keptDay: string | undefined;
    let kept: Buffer | undefined;
    this.keyOf = (day) => {
      if (day !== keptDay || !kept) {
        kept = sigV4SigningKey(secretAccessKey, day, region, service);
        keptDay = day;
      }
      return kept;
    };
  }
}
