import { twilioSignature, verifyTwilioSignature } from './twilio-signature.util.js';

describe('Twilio request signature', () => {
  const url = 'https://example.com/hook?a=1';

  it('covers the URL and every sorted parameter, values of a repeated name in order', () => {
    const a = twilioSignature('token', url, new URLSearchParams('b=2&a=1&c=x&c=y'));
    expect(a).toBe(twilioSignature('token', url, { c: ['x', 'y'], a: '1', b: '2' }));
    expect(a).not.toBe(twilioSignature('token', url, { c: ['y', 'x'], a: '1', b: '2' }));
    expect(a).not.toBe(twilioSignature('token', `${url}&b=1`, { c: ['x', 'y'], a: '1', b: '2' }));
    expect(a).not.toBe(twilioSignature('token2', url, { c: ['x', 'y'], a: '1', b: '2' }));
    expect(Buffer.from(a, 'base64')).toHaveLength(20);
  });

  it('verifies with any of the tokens and refuses a missing or wrong signature', () => {
    const params = new URLSearchParams({ MessageSid: 'SM1', MessageStatus: 'delivered' });
    const signature = twilioSignature('new', url, params);
    expect(verifyTwilioSignature(['old', 'new'], signature, url, params)).toBe(true);
    expect(verifyTwilioSignature(['old'], signature, url, params)).toBe(false);
    expect(verifyTwilioSignature(['new'], undefined, url, params)).toBe(false);
    expect(verifyTwilioSignature(['new'], signature.slice(1), url, params)).toBe(false);
    params.set('MessageStatus', 'failed');
    expect(verifyTwilioSignature(['new'], signature, url, params)).toBe(false);
  });
});
