import { createHmac } from 'node:crypto';
import { mailgunSignature, verifyMailgunSignature } from './mailgun-signature.util.js';

describe('Mailgun webhook signature', () => {
  it('is the hex HMAC-SHA256 of timestamp + token with the signing key', () => {
    const expected = createHmac('sha256', 'key')
      .update('1700000000' + 'tok')
      .digest('hex');
    expect(mailgunSignature('key', '1700000000', 'tok')).toBe(expected);
    expect(verifyMailgunSignature('key', '1700000000', 'tok', expected)).toBe(true);
    expect(verifyMailgunSignature('key', '1700000000', 'tok', expected.toUpperCase())).toBe(true);
    expect(verifyMailgunSignature('other', '1700000000', 'tok', expected)).toBe(false);
    expect(verifyMailgunSignature('key', '1700000001', 'tok', expected)).toBe(false);
    expect(verifyMailgunSignature('key', '1700000000', 'tok', expected.slice(2))).toBe(false);
    expect(verifyMailgunSignature('key', '1700000000', 'tok', 'zz'.repeat(32))).toBe(false);
  });
});
