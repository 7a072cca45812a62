import { createPrivateKey, createPublicKey, sign, verify, type KeyObject } from 'node:crypto';

/** JWT algorithms the push drivers use: RS256 (Google OAuth) and ES256 (APNs, VAPID). */
export type JwtAlgorithm = 'RS256' | 'ES256';

export function base64url(input: Buffer | string): string {
  return Buffer.from(input).toString('base64url');
}

/**
 * Signs a compact JWT with node:crypto. ES256 signatures are the raw 64-byte
 * `r || s` form JWS requires (`dsaEncoding: 'ieee-p1363'`), not DER.
 */
export function signJwt(
  header: Record<string, unknown>,
  claims: Record<string, unknown>,
  key: KeyObject | string,
): string {
  const alg = header.alg as JwtAlgorithm;
  const input = `${base64url(JSON.stringify(header))}.${base64url(JSON.stringify(claims))}`;
  const privateKey = typeof key === 'string' ? createPrivateKey(key) : key;
  const signature = sign(
    'sha256',
    Buffer.from(input),
    alg === 'ES256' ? { key: privateKey, dsaEncoding: 'ieee-p1363' } : privateKey,
  );
  return `${input}.${base64url(signature)}`;
}

/** A decoded JWT; `valid` says whether the signature matched `key`. */
export interface VerifiedJwt {
  header: Record<string, any>;
  claims: Record<string, any>;
  valid: boolean;
}

/** Decodes a JWT and checks its signature (used by the fake servers). Malformed tokens are invalid. */
export function verifyJwt(token: string, key: KeyObject | string): VerifiedJwt {
  const parts = String(token).split('.');
  if (parts.length !== 3) return { header: {}, claims: {}, valid: false };
  try {
    const header = JSON.parse(Buffer.from(parts[0], 'base64url').toString('utf8'));
    const claims = JSON.parse(Buffer.from(parts[1], 'base64url').toString('utf8'));
    const publicKey = typeof key === 'string' ? createPublicKey(key) : key;
    const data = Buffer.from(`${parts[0]}.${parts[1]}`);
    const signature = Buffer.from(parts[2], 'base64url');
    const valid =
      header.alg === 'ES256'
        ? verify('sha256', data, { key: publicKey, dsaEncoding: 'ieee-p1363' }, signature)
        : header.alg === 'RS256' && verify('sha256', data, publicKey, signature);
    return { header, claims, valid };
  } catch {
    return { header: {}, claims: {}, valid: false };
  }
}
