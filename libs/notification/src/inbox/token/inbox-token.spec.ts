import { createHmac } from 'node:crypto';
import { InboxTokenError } from './inbox-token.error.js';
import { signInboxToken, verifyInboxToken } from './inbox-token.util.js';

const SECRET = 'a-test-secret-of-at-least-32-chars!!';
const NOW = Date.UTC(2026, 10, 27, 8, 0, 0);

const reasonOf = (fn: () => unknown): string | undefined => {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(InboxTokenError);
    return (error as InboxTokenError).reason;
  }
  return undefined;
};

describe('signInboxToken / verifyInboxToken', () => {
  it('round-trips the user id and the expiry', () => {
    const token = signInboxToken({ userId: 'alice', secret: SECRET, ttlSeconds: 60, now: NOW });
    expect(token).toMatch(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/);
    const verified = verifyInboxToken(token, SECRET, NOW + 59_000);
    expect(verified).toEqual({ userId: 'alice', expiresAt: new Date(NOW + 60_000) });
  });

  it('defaults to one hour', () => {
    const token = signInboxToken({ userId: 'alice', secret: SECRET, now: NOW });
    expect(verifyInboxToken(token, SECRET, NOW).expiresAt).toEqual(new Date(NOW + 3_600_000));
  });

  it('refuses an expired token', () => {
    const token = signInboxToken({ userId: 'alice', secret: SECRET, ttlSeconds: 60, now: NOW });
    expect(reasonOf(() => verifyInboxToken(token, SECRET, NOW + 60_000))).toBe('expired');
  });

  it('refuses a token signed with another secret', () => {
    const token = signInboxToken({
      userId: 'alice',
      secret: 'another-secret-also-32-characters!!',
    });
    expect(reasonOf(() => verifyInboxToken(token, SECRET))).toBe('signature');
  });

  it("refuses a token whose subject was changed to another user's", () => {
    const token = signInboxToken({ userId: 'alice', secret: SECRET });
    const [payload, signature] = token.split('.');
    const forged = JSON.parse(Buffer.from(payload!, 'base64url').toString('utf8'));
    forged.sub = 'bob';
    const tampered = `${Buffer.from(JSON.stringify(forged)).toString('base64url')}.${signature}`;
    expect(reasonOf(() => verifyInboxToken(tampered, SECRET))).toBe('signature');
  });

  it('refuses the same signature spelt otherwise: only the token it signed verifies', () => {
    const token = signInboxToken({ userId: 'alice', secret: SECRET });
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    // 32 bytes take 43 characters: the last one's two low bits are not decoded
    const last = alphabet.indexOf(token.at(-1)!);
    const respelt = token.slice(0, -1) + alphabet[last ^ 1];
    const signatureOf = (t: string) => Buffer.from(t.split('.')[1]!, 'base64url');
    expect(signatureOf(respelt)).toEqual(signatureOf(token));
    expect(reasonOf(() => verifyInboxToken(respelt, SECRET))).toBe('signature');
  });

  it('refuses a forged signature of the right length', () => {
    const token = signInboxToken({ userId: 'alice', secret: SECRET });
    const [payload] = token.split('.');
    const other = createHmac('sha256', 'guess').update(payload!).digest('base64url');
    expect(reasonOf(() => verifyInboxToken(`${payload}.${other}`, SECRET))).toBe('signature');
  });

  it.each([
    ['empty', ''],
    ['no dot', 'abc'],
    ['three parts', 'a.b.c'],
    ['not base64url', 'a+b.c/d'],
    ['a number', 42],
    ['undefined', undefined],
    ['too long', `${'a'.repeat(3000)}.b`],
  ])('refuses a malformed token (%s)', (_label, token) => {
    expect(reasonOf(() => verifyInboxToken(token as string, SECRET))).toBe('malformed');
  });

  it('refuses a correctly signed payload that is not a token', () => {
    const payload = Buffer.from(JSON.stringify({ sub: 7, exp: 'soon' })).toString('base64url');
    const signature = createHmac('sha256', SECRET).update(payload).digest('base64url');
    expect(reasonOf(() => verifyInboxToken(`${payload}.${signature}`, SECRET))).toBe('malformed');
  });

  it('never puts the token or the secret in its messages', () => {
    const token = signInboxToken({ userId: 'alice', secret: SECRET, ttlSeconds: 1, now: NOW });
    try {
      verifyInboxToken(token, SECRET, NOW + 5000);
      throw new Error('not refused');
    } catch (error) {
      expect((error as Error).message).not.toContain(token.split('.')[1]);
      expect((error as Error).message).not.toContain(SECRET);
      expect((error as Error).message).toMatch(/expired/);
    }
  });

  it.each([
    [{ userId: '', secret: SECRET }, /userId/],
    [{ userId: 'a\u0000b', secret: SECRET }, /userId/],
    [{ userId: 'alice', secret: 'short' }, /secret/],
    [{ userId: 'alice', secret: SECRET, ttlSeconds: 0 }, /ttlSeconds/],
    [{ userId: 'alice', secret: SECRET, ttlSeconds: 1.5 }, /ttlSeconds/],
  ])('signing refuses bad input %#', (input, message) => {
    expect(() => signInboxToken(input as never)).toThrow(message);
  });

  it('verifying with a short secret is a setup error, not a verdict on the token', () => {
    expect(reasonOf(() => verifyInboxToken('a.b', 'short'))).toBe('secret');
  });
});
