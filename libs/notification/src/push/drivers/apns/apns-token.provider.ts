import { createPrivateKey, type KeyObject } from 'node:crypto';
import { signJwt } from '../../../utils/jwt.util.js';

/** Apple rejects provider tokens older than one hour; refresh well before. */
export const APNS_TOKEN_LIFETIME_MS = 50 * 60 * 1000;

/**
 * The APNs provider token: an ES256 JWT (`kid` = key id, `iss` = team id,
 * `iat`), signed once and reused for its lifetime. Apple answers
 * `TooManyProviderTokenUpdates` to a provider that re-signs on every request.
 */
export class ApnsTokenProvider {
  private readonly key: KeyObject;
  private current?: { jwt: string; issuedAt: number };

  constructor(
    private readonly teamId: string,
    private readonly keyId: string,
    privateKeyPem: string,
    private readonly now: () => number = Date.now,
  ) {
    this.key = createPrivateKey(privateKeyPem);
  }

  token(): string {
    const now = this.now();
    if (!this.current || now - this.current.issuedAt >= APNS_TOKEN_LIFETIME_MS) {
      const iat = Math.floor(now / 1000);
      this.current = {
        jwt: signJwt({ alg: 'ES256', kid: this.keyId }, { iss: this.teamId, iat }, this.key),
        issuedAt: now,
      };
    }
    return this.current.jwt;
  }

  /** Signs a new token on the next call (after `ExpiredProviderToken`). */
  invalidate(): void {
    this.current = undefined;
  }
}
