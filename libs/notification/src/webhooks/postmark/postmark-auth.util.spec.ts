import { basicAuthMatches } from './postmark-auth.util.js';

describe('basicAuthMatches', () => {
  const user = Buffer.from('pm');
  const pass = Buffer.from('s3cret:with:colons');
  const basic = (text: string) => `Basic ${Buffer.from(text).toString('base64')}`;

  it('accepts exactly the configured user and password', () => {
    expect(basicAuthMatches(basic('pm:s3cret:with:colons'), user, pass)).toBe(true);
    expect(
      basicAuthMatches(
        `basic  ${Buffer.from('pm:s3cret:with:colons').toString('base64')}`,
        user,
        pass,
      ),
    ).toBe(true);
  });

  it('refuses anything else', () => {
    for (const header of [
      undefined,
      '',
      'Basic ',
      'Bearer abc',
      basic('pm'),
      basic('pm:'),
      basic(':s3cret:with:colons'),
      basic('pm:s3cret:with:colon'),
      basic('PM:s3cret:with:colons'),
      basic('pm:s3cret:with:colons '),
      'Basic %%%',
    ])
      expect(basicAuthMatches(header, user, pass)).toBe(false);
  });
});
