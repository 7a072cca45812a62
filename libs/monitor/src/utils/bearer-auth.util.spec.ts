import { createBearerCheck, isAuthorizedBearer } from './bearer-auth.util.js';

describe('the shared bearer check (createBearerCheck / isAuthorizedBearer)', () => {
  const token = 's3cret-Token';

  it.each([
    [`Bearer ${token}`, true],
    [`bearer ${token}`, true],
    [`BEARER ${token}`, true],
    [`Bearer    ${token}`, true],
    [`  Bearer ${token}  `, true],
    [`Bearer\t${token}`, true],
    ['Bearer wrong', false],
    [`Bearer ${token.toLowerCase()}`, false],
    [`Bearer ${token} more`, false],
    [`Bearer${token}`, false],
    ['Bearer', false],
    ['Bearer ', false],
    [`Basic ${token}`, false],
    [token, false],
    ['', false],
    [undefined, false],
  ])('%j → %s', (header, accepted) => {
    expect(createBearerCheck(token)(header)).toBe(accepted);
    expect(isAuthorizedBearer(header, token)).toBe(accepted);
  });

  it('takes the first of repeated headers and refuses what is not a string', () => {
    const check = createBearerCheck(token);
    expect(check([`Bearer ${token}`, 'Bearer other'])).toBe(true);
    expect(check(42)).toBe(false);
  });

  it('allows everything without a token', () => {
    expect(createBearerCheck(undefined)(undefined)).toBe(true);
    expect(createBearerCheck('')('Bearer x')).toBe(true);
  });

  it('compares fixed-length digests with timingSafeEqual, also for a refused header', () => {
    // the module object itself (an `import * as` namespace would be a copy)
    const compare = jest.spyOn(
      jest.requireActual<typeof import('node:crypto')>('node:crypto'),
      'timingSafeEqual',
    );
    try {
      const check = createBearerCheck(token);
      check(`Bearer ${token}`);
      check('Bearer a-much-longer-wrong-token-than-the-real-one');
      check('Basic abc');
      expect(compare).toHaveBeenCalledTimes(3);
      for (const [a, b] of compare.mock.calls) {
        expect((a as Buffer).length).toBe(32);
        expect((b as Buffer).length).toBe(32);
      }
    } finally {
      compare.mockRestore();
    }
  });
});
