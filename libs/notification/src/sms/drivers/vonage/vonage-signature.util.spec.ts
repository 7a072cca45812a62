import { vonageSignature, verifyVonageSignature } from './vonage-signature.util.js';

// vectors from an independent implementation (Python hashlib / hmac) of Vonage's rules
const PARAMS = {
  messageId: '0A0000001234567B',
  status: 'delivered',
  msisdn: '447700900000',
  'err-code': '0',
  timestamp: '1700000000',
  nonce: 'abc',
  'client-ref': 'a=b&c',
};
const VECTORS = {
  md5hash: '23a1d6635c4d77d481bee74eb5982075',
  md5: 'f5c42f3d23bbd67524f851912885dca7',
  sha1: '0e4032da931a790cf92bf80502be06722f3e1dcb',
  sha256: 'bd170869be8c857dbbbc5dc3a4170c9a73414bff65a25255042985b45681eb53',
  sha512:
    'b7d8db6d8be915f58c1c88c37f3a790fb66b68df2a87769777cf5c64d9945ac4b32431050181182bc4227075fdcc64ca9ac65793bb7c08b716d63fa89f57069d',
} as const;

describe("Vonage's sig", () => {
  it.each(Object.entries(VECTORS))(
    '%s: matches the reference over the sorted parameters',
    (method, expected) => {
      const m = method as keyof typeof VECTORS;
      expect(vonageSignature('secret', m, PARAMS)).toBe(expected);
      // the order the parameters arrive in, and a sig among them, change nothing
      const shuffled = new URLSearchParams([...Object.entries(PARAMS)].reverse());
      shuffled.set('sig', 'whatever');
      expect(vonageSignature('secret', m, shuffled)).toBe(expected);
    },
  );

  it('verifies with any of the secrets, in either case, and refuses anything else', () => {
    const params = new URLSearchParams({ ...PARAMS, sig: VECTORS.sha256.toUpperCase() });
    expect(verifyVonageSignature(['old', 'secret'], 'sha256', params)).toBe(true);
    expect(verifyVonageSignature(['old'], 'sha256', params)).toBe(false);
    expect(verifyVonageSignature(['secret'], 'md5hash', params)).toBe(false);
    params.set('status', 'failed');
    expect(verifyVonageSignature(['secret'], 'sha256', params)).toBe(false);
    expect(verifyVonageSignature(['secret'], 'sha256', { ...PARAMS })).toBe(false);
    expect(verifyVonageSignature(['secret'], 'sha256', { ...PARAMS, sig: 'zz' })).toBe(false);
    expect(
      verifyVonageSignature(['secret'], 'sha256', { ...PARAMS, sig: VECTORS.sha256.slice(2) }),
    ).toBe(false);
  });
});
