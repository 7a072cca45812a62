import { generateKeyPairSync } from 'node:crypto';
import { verifyJwt } from '../../../utils/jwt.util.js';
import { APNS_TOKEN_LIFETIME_MS, ApnsTokenProvider } from './apns-token.provider.js';

describe('ApnsTokenProvider', () => {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
  const pem = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();

  it('signs an ES256 JWT (raw r||s signature) with kid, iss and iat', () => {
    const jwt = new ApnsTokenProvider('TEAM', 'KEY', pem, () => 1_700_000_000_000).token();
    const decoded = verifyJwt(jwt, publicKey);
    expect(decoded).toEqual({
      header: { alg: 'ES256', kid: 'KEY' },
      claims: { iss: 'TEAM', iat: 1_700_000_000 },
      valid: true,
    });
    expect(Buffer.from(jwt.split('.')[2], 'base64url')).toHaveLength(64);
  });

  it('reuses the token for its lifetime (under an hour) and re-signs after it or after invalidate()', () => {
    let now = 1_700_000_000_000;
    const tokens = new ApnsTokenProvider('TEAM', 'KEY', pem, () => now);
    const first = tokens.token();
    now += APNS_TOKEN_LIFETIME_MS - 1;
    expect(tokens.token()).toBe(first);
    expect(APNS_TOKEN_LIFETIME_MS).toBeLessThan(60 * 60 * 1000);
    now += 1;
    const second = tokens.token();
    expect(second).not.toBe(first);
    expect(verifyJwt(second, publicKey).claims.iat).toBe(Math.floor(now / 1000));
    now += 1000;
    tokens.invalidate();
    expect(tokens.token()).not.toBe(second);
  });
});
