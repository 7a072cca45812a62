import { ForbiddenException } from '@nestjs/common';
import { DemoCsrfService } from './demo-csrf.service.js';
import { requestCredential } from './request-credential.util.js';

describe('requestCredential', () => {
  it.each([
    [{ authorization: 'Bearer abc.def' }, { kind: 'bearer', token: 'abc.def' }],
    [
      { authorization: 'bearer   abc', cookie: 'herald_session=x' },
      { kind: 'bearer', token: 'abc' },
    ],
    [{ authorization: 'Bearer a b', cookie: 'herald_session=x' }, { kind: 'malformed-bearer' }],
    [{ authorization: 'Bearer', cookie: 'herald_session=x' }, { kind: 'malformed-bearer' }],
    [{ authorization: ['Bearer a', 'Bearer b'] }, { kind: 'malformed-bearer' }],
    [
      { authorization: 'Basic dTpw', cookie: 'herald_session=alice.sig' },
      { kind: 'cookie', token: 'alice.sig' },
    ],
    [{ authorization: 'Bearerx abc' }, { kind: 'none' }],
    [{ cookie: 'a=1; herald_session=bob.s%3D' }, { kind: 'cookie', token: 'bob.s=' }],
    [{ cookie: 'herald_session=%E0%A4%A' }, { kind: 'none' }],
    [{}, { kind: 'none' }],
  ] as const)('%j is %j', (headers, credential) => {
    expect(requestCredential(headers as never)).toEqual(credential);
  });
});

describe('DemoCsrfService.checkWrite', () => {
  const csrf = new DemoCsrfService();
  const host = 'demo.test:3000';
  const write = (headers: Record<string, string>, body: unknown = {}) => ({
    headers: { host, ...headers },
    body,
  });

  it('a cookie write needs a matching Origin or the token, and the token leaves the body', () => {
    expect(() => csrf.checkWrite(write({}), 'alice', 'cookie')).toThrow(/missing or stale _csrf/);
    expect(() =>
      csrf.checkWrite(write({ origin: 'http://demo.test:3000' }), 'alice', 'cookie'),
    ).not.toThrow();
    expect(() =>
      csrf.checkWrite(write({ 'x-csrf-token': csrf.tokenFor('alice') }), 'alice', 'cookie'),
    ).not.toThrow();
    const body: Record<string, unknown> = { _csrf: csrf.tokenFor('alice'), a: 1 };
    csrf.checkWrite(write({}, body), 'alice', 'cookie');
    expect(body).toEqual({ a: 1 });
    expect(() =>
      csrf.checkWrite(write({}, { _csrf: csrf.tokenFor('bob') }), 'alice', 'cookie'),
    ).toThrow(ForbiddenException);
    expect(() => csrf.checkWrite(write({}, { _csrf: ['x'] }), 'alice', 'cookie')).toThrow(
      ForbiddenException,
    );
    expect(() => csrf.checkWrite(write({}), 'alice', 'none')).toThrow(ForbiddenException);
  });

  it.each(['cookie', 'bearer'] as const)(
    'a %s write from another site is refused, token or not',
    (credential) => {
      const token = { 'x-csrf-token': csrf.tokenFor('alice') };
      const refusals: Array<Record<string, string>> = [
        { origin: 'null' },
        { origin: 'NULL' },
        { origin: 'https://evil.example' },
        { origin: 'http://demo.test:3001' },
        { origin: '::not a url' },
        { 'sec-fetch-site': 'cross-site' },
        { 'sec-fetch-site': 'same-site' },
      ];
      for (const headers of refusals)
        expect(() => csrf.checkWrite(write({ ...headers, ...token }), 'alice', credential)).toThrow(
          /cross-site request refused/,
        );
      expect(() => csrf.checkWrite(write({}), 'alice', 'bearer')).not.toThrow();
    },
  );
});
