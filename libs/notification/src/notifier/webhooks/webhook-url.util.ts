import { lookup as dnsLookup, type LookupAddress, type LookupOptions } from 'node:dns';
import { isIP } from 'node:net';

const MAX_URL_LENGTH = 2048;

function v4Private(ip: string): boolean {
  const [a, b] = ip.split('.').map(Number);
  return (
    a === 0 ||
    a === 10 ||
    a === 127 ||
    (a === 100 && b >= 64 && b <= 127) ||
    (a === 169 && b === 254) ||
    (a === 172 && b >= 16 && b <= 31) ||
    (a === 192 && b === 168) ||
    (a === 192 && b === 0) ||
    (a === 198 && (b === 18 || b === 19)) ||
    a >= 224
  );
}

/**
 * Whether `ip` is loopback, private, link-local, shared, unspecified,
 * multicast or reserved: a target a webhook must not reach unless the
 * application allows it (SSRF into its own network).
 */
export function isPrivateAddress(ip: string): boolean {
  const kind = isIP(ip);
  if (kind === 4) return v4Private(ip);
  if (kind !== 6) return false;
  const lower = ip.toLowerCase();
  const mapped = /^(?:0{0,4}:){0,5}(?::|0{0,4}:)?ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(lower);
  if (mapped) return v4Private(mapped[1]);
  const mappedHex = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(lower);
  if (mappedHex) {
    const hi = parseInt(mappedHex[1], 16);
    const lo = parseInt(mappedHex[2], 16);
    return v4Private(`${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`);
  }
  if (lower === '::' || lower === '::1') return true;
  const first = parseInt(lower.split(':')[0] || '0', 16);
  return (
    (first & 0xfe00) === 0xfc00 || // unique local fc00::/7
    (first & 0xffc0) === 0xfe80 || // link-local fe80::/10
    (first & 0xff00) === 0xff00 // multicast
  );
}

/** The URL's host without IPv6 brackets. */
const hostOf = (url: URL): string => url.hostname.replace(/^\[|\]$/g, '');

/**
 * Why `value` cannot be a webhook endpoint URL, or `undefined`: it must be an
 * absolute http(s) URL of at most 2048 characters without credentials or a
 * fragment; a loopback or private host (literal address or `localhost`) is
 * refused unless `allowPrivateTargets`. Names that resolve to private
 * addresses are refused when sending (see `guardedLookup`).
 */
export function webhookUrlProblem(
  value: unknown,
  allowPrivateTargets: boolean,
): string | undefined {
  if (typeof value !== 'string' || value.length === 0 || value.length > MAX_URL_LENGTH)
    return `must be an http(s) URL of at most ${MAX_URL_LENGTH} characters`;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return 'must be an absolute http(s) URL such as "https://example.com/hooks"';
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    return `must use http or https (got ${JSON.stringify(url.protocol.replace(/:$/, ''))})`;
  if (url.username !== '' || url.password !== '')
    return 'must not carry credentials (user:password@); the signature authenticates Herald';
  if (url.hash !== '') return 'must not have a #fragment';
  const host = hostOf(url).toLowerCase();
  if (
    !allowPrivateTargets &&
    (isPrivateAddress(host) || host === 'localhost' || host.endsWith('.localhost'))
  )
    return `targets a loopback or private address (${JSON.stringify(host)}); set NotifierModule option webhooks.allowPrivateTargets: true to allow it (development and tests)`;
  return undefined;
}

type LookupCallback = (
  error: NodeJS.ErrnoException | null,
  address: string | LookupAddress[],
  family?: number,
) => void;

/**
 * A `lookup` for `http.request` that refuses a host resolving to a private
 * address (DNS rebinding cannot slip past a check made before the request):
 * the connection fails with code `EHERALD_PRIVATE_TARGET`.
 */
export function guardedLookup(
  hostname: string,
  options: LookupOptions,
  callback: LookupCallback,
): void {
  dnsLookup(hostname, { ...options, all: true }, (error, addresses) => {
    if (error) return callback(error, '');
    const list = addresses as LookupAddress[];
    const bad = list.find((a) => isPrivateAddress(a.address));
    if (bad) {
      const refused: NodeJS.ErrnoException = new Error(
        `${hostname} resolves to a loopback or private address; set NotifierModule option webhooks.allowPrivateTargets: true to allow it`,
      );
      refused.code = 'EHERALD_PRIVATE_TARGET';
      return callback(refused, '');
    }
    if (options.all) return callback(null, list);
    callback(null, list[0].address, list[0].family);
  });
}
