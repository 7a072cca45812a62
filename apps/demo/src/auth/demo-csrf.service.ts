import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { ForbiddenException, Injectable } from '@nestjs/common';

/** Name of the hidden form field carrying the token. */
export const CSRF_FIELD = '_csrf';

/**
 * CSRF tokens for the admin forms that change a user's own settings: an
 * HMAC of the user id under `DEMO_AUTH_SECRET` (or a per-process key), put
 * in a hidden field by the page and checked on the post. A request signed in
 * by `Authorization: Bearer` (not by the cookie a browser adds on its own)
 * needs none. On top of the session cookie's `SameSite=Lax`.
 */
@Injectable()
export class DemoCsrfService {
  private readonly secret = `csrf:${process.env.DEMO_AUTH_SECRET || randomBytes(32).toString('hex')}`;

  tokenFor(userId: string): string {
    return createHmac('sha256', this.secret).update(userId).digest('base64url');
  }

  /** Throws 403 unless the request carries `userId`'s token or is signed in by a bearer token. */
  check(
    userId: string,
    token: unknown,
    headers: Record<string, string | string[] | undefined>,
  ): void {
    if (/^Bearer\s/i.test(String(headers.authorization ?? ''))) return;
    const expected = Buffer.from(this.tokenFor(userId));
    const given = Buffer.from(typeof token === 'string' ? token : '');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
      throw new ForbiddenException(
        `missing or stale ${CSRF_FIELD} token: reload the page and submit the form again`,
      );
    }
  }
}
