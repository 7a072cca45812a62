import { UnauthorizedException, type ExecutionContext } from '@nestjs/common';
import { HeraldConfig, HeraldConfigError } from '@herald/contracts';
import { InboxTokenGuard, inboxTokenOf } from './inbox-token.guard.js';
import { signInboxToken } from './inbox-token.util.js';

const SECRET = 'guard-secret-guard-secret-guard-secret';

function contextFor(request: object): ExecutionContext {
  return { switchToHttp: () => ({ getRequest: () => request }) } as unknown as ExecutionContext;
}

const request = (headers: Record<string, string> = {}, query: Record<string, unknown> = {}) => ({
  headers,
  query,
  user: undefined as { id: string } | undefined,
});

describe('InboxTokenGuard', () => {
  const guard = new InboxTokenGuard({ secret: SECRET });

  it('sets request.user from a Bearer token', () => {
    const req = request({
      authorization: `Bearer ${signInboxToken({ userId: 'alice', secret: SECRET })}`,
    });
    expect(guard.canActivate(contextFor(req))).toBe(true);
    expect(req.user).toEqual({ id: 'alice' });
  });

  it('takes ?token= (EventSource cannot send headers)', () => {
    const req = request({}, { token: signInboxToken({ userId: 'bob', secret: SECRET }) });
    expect(guard.canActivate(contextFor(req))).toBe(true);
    expect(req.user).toEqual({ id: 'bob' });
  });

  it.each([
    ['no token', request()],
    ['another scheme', request({ authorization: 'Basic YWxpY2U6eA==' })],
    ['a malformed token', request({ authorization: 'Bearer nonsense' })],
    ['a query token that is a list', request({}, { token: ['a', 'b'] })],
    [
      'a token of another secret',
      request({
        authorization: `Bearer ${signInboxToken({ userId: 'alice', secret: 'x'.repeat(40) })}`,
      }),
    ],
    [
      'an expired token',
      request({
        authorization: `Bearer ${signInboxToken({ userId: 'alice', secret: SECRET, ttlSeconds: 1, now: Date.now() - 10_000 })}`,
      }),
    ],
  ])('answers 401 for %s and sets no user', (_label, req) => {
    expect(() => guard.canActivate(contextFor(req))).toThrow(UnauthorizedException);
    expect(req.user).toBeUndefined();
  });

  it("cannot be pointed at another user's inbox by the query when a header token is present", () => {
    const alice = signInboxToken({ userId: 'alice', secret: SECRET });
    const bob = signInboxToken({ userId: 'bob', secret: SECRET });
    const req = request({ authorization: `Bearer ${alice}` }, { token: bob });
    guard.canActivate(contextFor(req));
    expect(req.user).toEqual({ id: 'alice' });
  });

  it('reads the secret from notification.inbox.token_secret', () => {
    const config = new HeraldConfig({ notification: { inbox: { tokenSecret: SECRET } } });
    const fromConfig = new InboxTokenGuard(undefined, config);
    const req = request({
      authorization: `Bearer ${signInboxToken({ userId: 'carol', secret: SECRET })}`,
    });
    expect(fromConfig.canActivate(contextFor(req))).toBe(true);
  });

  it('fails at construction without a secret, naming the config key and not the value', () => {
    expect(() => new InboxTokenGuard(undefined, new HeraldConfig())).toThrow(HeraldConfigError);
    expect(() => new InboxTokenGuard(undefined, undefined)).toThrow(
      /notification\.inbox\.token_secret/,
    );
    try {
      new InboxTokenGuard({ secret: 'too-short-secret' });
    } catch (error) {
      expect((error as Error).message).toMatch(/too short/);
      expect((error as Error).message).not.toContain('too-short-secret');
    }
  });

  it('inboxTokenOf prefers the header and reports a bad header as empty', () => {
    expect(inboxTokenOf(request({ authorization: 'Bearer abc' }, { token: 'def' }))).toBe('abc');
    expect(inboxTokenOf(request({ authorization: 'Token abc' }))).toBe('');
    expect(inboxTokenOf(request({}, { token: 'def' }))).toBe('def');
    expect(inboxTokenOf(request())).toBeUndefined();
  });
});
