/** Name of the session cookie. */
export const SESSION_COOKIE = 'herald_session';

type Headers = Record<string, string | string[] | undefined>;

/**
 * How a request says who it is, decided once for identification and for the
 * CSRF rule alike:
 * - `bearer`: `Authorization: Bearer <token>`, one token and nothing else.
 *   A browser never adds it on its own, so such a request needs no CSRF token.
 * - `malformed-bearer`: an `Authorization` header of the Bearer scheme that
 *   is not exactly one token (`Bearer`, `Bearer a b`): refused with 401, never
 *   read as "no header" (which would fall back to the session cookie).
 * - `cookie`: no Bearer header, the `herald_session` cookie present. The
 *   browser sends it by itself, so every write needs the CSRF token or a
 *   matching `Origin`.
 * - `none`: neither.
 * Another scheme (`Basic` from a proxy in front of the demo) is not a
 * credential of the demo's and leaves the cookie in charge.
 */
export type RequestCredential =
  | { kind: 'bearer'; token: string }
  | { kind: 'cookie'; token: string }
  | { kind: 'malformed-bearer' }
  | { kind: 'none' };

function header(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

function readCookie(cookieHeader: string | undefined, name: string): string | undefined {
  for (const part of (cookieHeader ?? '').split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key !== name) continue;
    try {
      return decodeURIComponent(rest.join('='));
    } catch {
      return undefined; // malformed percent-encoding: no usable session
    }
  }
  return undefined;
}

/** The credential a request carries; see `RequestCredential`. */
export function requestCredential(headers: Headers): RequestCredential {
  const authorization = headers.authorization;
  if (Array.isArray(authorization) && authorization.length > 1) return { kind: 'malformed-bearer' };
  const auth = header(authorization)?.trim();
  if (auth !== undefined && /^Bearer(\s|$)/i.test(auth)) {
    const token = /^Bearer\s+(\S+)$/i.exec(auth)?.[1];
    return token ? { kind: 'bearer', token } : { kind: 'malformed-bearer' };
  }
  const cookie = readCookie(header(headers.cookie), SESSION_COOKIE);
  return cookie ? { kind: 'cookie', token: cookie } : { kind: 'none' };
}
