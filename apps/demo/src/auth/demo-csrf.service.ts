import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { ForbiddenException, Injectable } from '@nestjs/common';
import type { RequestCredential } from './request-credential.util.js';

/** Name of the hidden form field carrying the token. */
export const CSRF_FIELD = '_csrf';
/** Header a script may send the token in instead (any route, JSON bodies included). */
export const CSRF_HEADER = 'x-csrf-token';

/** What a write request shows the guard. */
export interface WriteRequest {
  headers: Record<string, string | string[] | undefined>;
  body?: unknown;
}

const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

/**
 * The demo's rule for requests that change something, on top of the session
 * cookie's `SameSite=Lax`:
 * - a browser request from another site is refused whatever its credential:
 *   `Origin: null` (sandboxed frames, some redirects), an `Origin` naming
 *   another host, `Sec-Fetch-Site: cross-site` or `same-site`;
 * - a request signed in by the session cookie (which the browser adds on its
 *   own) also needs proof it comes from the demo's pages: an `Origin` naming
 *   this host, or the user's CSRF token (form field `_csrf` or header
 *   `X-CSRF-Token`; `GET /admin/preferences.json` answers it as `csrfToken`);
 * - a request signed in by `Authorization: Bearer` needs nothing more.
 * The token is an HMAC of the user id under `DEMO_AUTH_SECRET` (or a
 * per-process key).
 */
@Injectable()
export class DemoCsrfService {
  private readonly secret = `csrf:${process.env.DEMO_AUTH_SECRET || randomBytes(32).toString('hex')}`;

  tokenFor(userId: string): string {
    return createHmac('sha256', this.secret).update(userId).digest('base64url');
  }

  /**
   * Throws 403 unless `request` may change `userId`'s data with this
   * credential (see the class). Takes `_csrf` out of the body, so that the
   * routes' DTOs need not declare it.
   */
  checkWrite(request: WriteRequest, userId: string, credential: RequestCredential['kind']): void {
    const sameOrigin = this.checkOrigin(request);
    const token = this.takeToken(request);
    if (credential === 'bearer' || sameOrigin) return;
    const expected = Buffer.from(this.tokenFor(userId));
    const given = Buffer.from(token ?? '');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
      throw new ForbiddenException(
        `missing or stale ${CSRF_FIELD} token: a write signed in by the session cookie needs the form's ${CSRF_FIELD} field, ` +
          `an X-CSRF-Token header or an Origin header naming this site (reload the page and submit the form again)`,
      );
    }
  }

  /**
   * Throws 403 for a browser request from another site (`Origin: null`, a
   * foreign `Origin`, `Sec-Fetch-Site: cross-site|same-site`); answers whether
   * an `Origin` naming this host came with it.
   */
  checkOrigin(request: WriteRequest): boolean {
    const site = first(request.headers['sec-fetch-site'])?.toLowerCase();
    if (site === 'cross-site' || site === 'same-site')
      throw new ForbiddenException(
        `cross-site request refused: Sec-Fetch-Site is "${site}"; change data from the demo's own pages or with a bearer token`,
      );
    const origin = first(request.headers.origin)?.trim();
    if (origin === undefined || origin === '') return false;
    if (origin.toLowerCase() === 'null')
      throw new ForbiddenException(
        'cross-site request refused: Origin "null" (a sandboxed or privacy-redirected page) may not change data; use the demo\'s own pages or a bearer token',
      );
    let host: string | undefined;
    try {
      host = new URL(origin).host;
    } catch {
      host = undefined;
    }
    const own = first(request.headers.host)?.toLowerCase();
    if (!host || host.toLowerCase() !== own)
      throw new ForbiddenException(
        `cross-site request refused: Origin ${JSON.stringify(origin.slice(0, 100))} is not this site (${own ?? 'no Host header'})`,
      );
    return true;
  }

  private takeToken(request: WriteRequest): string | undefined {
    const header = first(request.headers[CSRF_HEADER]);
    const body = request.body;
    let field: unknown;
    if (
      body &&
      typeof body === 'object' &&
      !Array.isArray(body) &&
      Object.prototype.hasOwnProperty.call(body, CSRF_FIELD)
    ) {
      field = (body as Record<string, unknown>)[CSRF_FIELD];
      delete (body as Record<string, unknown>)[CSRF_FIELD];
    }
    if (typeof field === 'string') return field;
    return header;
  }
}
