/**
 * Subscriber tokens under generated input: `verifyInboxToken` answers any value
 * (strings of every shape, tampered real tokens, other types) with a user or an
 * `InboxTokenError`, never another error, and only a token it signed verifies;
 * `signInboxToken` answers any input with a token or an `InboxError` naming the
 * field. No message quotes the token or the secret.
 */
import fc from 'fast-check';
import {
  InboxError,
  InboxTokenError,
  signInboxToken,
  verifyInboxToken,
} from '@herald/notification/inbox';
import { fuzzAssert, nastyString, PLANT } from './helpers/fuzz.js';

const SECRET = `${PLANT}-inbox-token-secret-0123456789abcdef`;
const anything = fc.oneof(
  nastyString(),
  fc.string(),
  fc.anything(),
  fc.constantFrom(undefined, null, 0, -1, 1.5, NaN, Infinity, [], {}, 'a.b', '.', '..'),
);

describe('fuzz: subscriber tokens', () => {
  it('verifyInboxToken: a user for its own tokens only, InboxTokenError for anything else', async () => {
    const real = signInboxToken({ userId: 'alice', secret: SECRET });
    await fuzzAssert(
      300,
      fc.oneof(
        anything,
        // the real token's signature spelt otherwise (the last character's two undecoded bits)
        fc.integer({ min: 1, max: 3 }).map((bits) => {
          const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
          return real.slice(0, -1) + alphabet[alphabet.indexOf(real.at(-1)!) ^ bits];
        }),
        // a real token with characters changed, cut or appended
        fc
          .tuple(fc.nat(real.length - 1), fc.string({ minLength: 1, maxLength: 3 }), fc.nat(3))
          .map(([at, text, cut]) => real.slice(0, at) + text + real.slice(at + cut)),
      ),
      async (token) => {
        try {
          const verified = verifyInboxToken(token as string, SECRET);
          expect(token).toBe(real);
          expect(verified.userId).toBe('alice');
        } catch (error) {
          expect(error).toBeInstanceOf(InboxTokenError);
          expect((error as Error).message).not.toContain(PLANT);
          if (typeof token === 'string' && token.length > 8) {
            expect((error as Error).message).not.toContain(token);
          }
        }
      },
    );
  });

  it('signInboxToken: a verifiable token or an InboxError naming the field', async () => {
    await fuzzAssert(
      300,
      fc.oneof(nastyString(), fc.string({ maxLength: 300 }), anything),
      fc.oneof(fc.constant(SECRET), anything),
      fc.oneof(fc.constant(undefined), fc.integer(), anything),
      async (userId, secret, ttlSeconds) => {
        try {
          const token = signInboxToken({
            userId: userId as string,
            secret: secret as string,
            ttlSeconds: ttlSeconds as number,
          });
          expect(verifyInboxToken(token, secret as string).userId).toBe(userId);
        } catch (error) {
          expect(error).toBeInstanceOf(InboxError);
          expect(['userId', 'secret', 'ttlSeconds']).toContain((error as InboxError).field);
          expect((error as Error).message).not.toContain(PLANT);
        }
      },
    );
  });
});
