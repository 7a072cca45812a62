import { createHmac } from 'node:crypto';
import { base64urlMacMatches } from './base64url-mac.util.js';

describe('base64urlMacMatches', () => {
  const mac = createHmac('sha256', 'key').update('payload').digest();
  const text = mac.toString('base64url');

  it('matches the base64url text of the MAC', () => {
    expect(text).toHaveLength(43);
    expect(base64urlMacMatches(text, mac)).toBe(true);
  });

  it('refuses every other spelling of the same bytes, and any other text', () => {
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    const last = alphabet.indexOf(text.at(-1)!);
    const spellings = [1, 2, 3].map((bits) => text.slice(0, -1) + alphabet[last ^ bits]);
    for (const spelling of spellings) {
      expect(Buffer.from(spelling, 'base64url')).toEqual(mac);
      expect(base64urlMacMatches(spelling, mac)).toBe(false);
    }
    expect(base64urlMacMatches(`${text}=`, mac)).toBe(false);
    expect(base64urlMacMatches(text.slice(1), mac)).toBe(false);
    expect(base64urlMacMatches('', mac)).toBe(false);
  });
});
