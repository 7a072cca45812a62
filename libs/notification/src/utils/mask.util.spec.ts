import { maskRecipient, maskRecipients } from './mask.util.js';

describe('maskRecipient', () => {
  it('keeps the country prefix and the last four digits of a phone number', () => {
    expect(maskRecipient('+15005550006')).toBe('+1******0006');
    expect(maskRecipient('+15005550006')).not.toContain('500555');
  });

  it('keeps the first letter and the domain of an email address', () => {
    expect(maskRecipient('jane.doe@example.com')).toBe('j***@example.com');
    expect(maskRecipients(['a@b.io', 'zed@c.org'])).toBe('a***@b.io, z***@c.org');
  });

  it('shortens device tokens and Web Push subscriptions', () => {
    const token = 'f'.repeat(20) + 'abcd';
    expect(maskRecipient(token)).toBe('ffff…abcd');
    const sub = JSON.stringify({
      endpoint: 'https://push.example.net/send/secret-id-9876',
      keys: {},
    });
    expect(maskRecipient(sub)).toBe('https://push.example.net/…9876');
    expect(maskRecipient('short')).toBe('***');
    expect(maskRecipient(undefined)).toBe('***');
  });
});
