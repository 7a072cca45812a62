import type { Request } from 'express';

const ORIGIN = 'http://herald-demo.invalid';
const MAX_LENGTH = 2000;
/** How many layers of percent-encoding are looked through (`%252f` is `%2f` is `/`). */
const DECODE_ROUNDS = 3;

/** A path that stays on this site: `/x`, never `//host`, `/\host`, a scheme, or controls. */
function isLocalPath(path: string): boolean {
  if (!path.startsWith('/') || path.startsWith('//') || path.startsWith('/\\')) return false;
  for (let i = 0; i < path.length; i++) {
    const code = path.charCodeAt(i);
    if (code < 0x20 || code === 0x7f || code === 0x5c) return false; // controls, backslash
  }
  return true;
}

/**
 * `value` when it is a same-origin relative path (`/admin/deliveries?x=1#y`),
 * otherwise `fallback`. Refused: other origins (`//evil`, `/\evil`,
 * `https://evil`), schemes (`javascript:`), backslashes, tabs, CR/LF and other
 * control characters, and the same hidden behind percent-encoding
 * (`/%2f%2fevil`, `/%5cevil`, `%0d%0a`), which a browser or proxy may decode.
 */
export function safeNextPath(value: unknown, fallback = '/'): string {
  if (typeof value !== 'string' || value.length > MAX_LENGTH || !isLocalPath(value)) {
    return fallback;
  }
  let decoded = value;
  for (let round = 0; round < DECODE_ROUNDS && decoded.includes('%'); round++) {
    try {
      decoded = decodeURIComponent(decoded);
    } catch {
      return fallback; // malformed encoding
    }
    if (!isLocalPath(decoded)) return fallback;
  }
  try {
    return new URL(value, ORIGIN).origin === ORIGIN ? value : fallback;
  } catch {
    return fallback;
  }
}

/** The path (and query) of the request's `Referer` when it is this site's and local, else `fallback`. */
export function sameSiteRefererPath(req: Request, fallback: string): string {
  const referer = req.get('referer');
  try {
    const url = referer ? new URL(referer) : undefined;
    if (!url || url.host !== req.get('host')) return fallback;
    return safeNextPath(url.pathname + url.search, fallback);
  } catch {
    return fallback;
  }
}
