import { SuppressionInputError } from './errors/suppression-input.error.js';
import { normalizeAddress, suppressionId, tryNormalizeAddress } from './normalize-address.util.js';
import { SuppressionService } from './suppression.service.js';
import { MemorySuppressionStore } from './stores/memory-suppression.store.js';

/** Default-ignorable code points a mail client or a copy-paste slips into an address. */
const IGNORABLES: Array<[string, string]> = [
  ['soft hyphen U+00AD', '\u00ad'],
  ['combining grapheme joiner U+034F', '\u034f'],
  ['zero-width space U+200B', '\u200b'],
  ['zero-width non-joiner U+200C', '\u200c'],
  ['zero-width joiner U+200D', '\u200d'],
  ['left-to-right mark U+200E', '\u200e'],
  ['right-to-left override U+202E', '\u202e'],
  ['word joiner U+2060', '\u2060'],
  ['invisible separator U+2063', '\u2063'],
  ['variation selector-16 U+FE0F', '\ufe0f'],
  ['byte order mark U+FEFF', '\ufeff'],
  ['variation selector-17 U+E0100', '\u{e0100}'],
  ['tag space U+E0020', '\u{e0020}'],
];

describe('normalizeAddress: default-ignorable characters', () => {
  it.each(IGNORABLES)('drops a %s wherever it stands in an e-mail address', (_name, ch) => {
    expect(normalizeAddress('mail', `a${ch}b@x.example`)).toBe('ab@x.example');
    expect(normalizeAddress('mail', `${ch}AB@X.example${ch}`)).toBe('ab@x.example');
    expect(normalizeAddress('mail', `ab@x${ch}.example`)).toBe('ab@x.example');
  });

  it.each(IGNORABLES)('drops a %s in a phone number and a push token', (_name, ch) => {
    expect(normalizeAddress('sms', `+1555${ch}0100001`)).toBe('+15550100001');
    expect(normalizeAddress('push', `tok${ch}en`)).toBe('token');
  });

  it('an address made only of ignorables is empty', () => {
    expect(() => normalizeAddress('mail', '\u200b\u00ad')).toThrow(/must be a non-empty string/);
  });

  it('a\\u00ADb@x matches a suppression of ab@x, and the same id is made', async () => {
    const service = new SuppressionService(new MemorySuppressionStore());
    const entry = await service.add({ channel: 'mail', address: 'ab@x.example', reason: 'manual' });
    expect(await service.check({ channel: 'mail', address: 'a\u00adb@x.example' })).toEqual(entry);
    expect(await service.check({ channel: 'mail', address: '\ufeffAB@x.example\u200b' })).toEqual(
      entry,
    );
    const again = await service.add({
      channel: 'mail',
      address: 'a\u200db@x.example',
      reason: 'complaint',
    });
    expect(again.id).toBe(entry.id);
    expect(suppressionId('mail', normalizeAddress('mail', 'a\u2060b@x.example'), null)).toBe(
      entry.id,
    );
  });
});

describe('normalizeAddress: control characters', () => {
  it.each([
    ['mail', 'a\u0000b@x.example', 'U+0000 at index 1'],
    ['mail', 'ab@x.example\u0007', 'U+0007 at index 12'],
    ['mail', 'ab\u0085@x.example', 'U+0085 at index 2'],
    ['push', 'tok\u0000en', 'U+0000 at index 3'],
    ['push', 'tok\nen', 'U+000A at index 3'],
  ] as const)(
    'refuses %s %j with a SuppressionInputError naming the address',
    (channel, address, where) => {
      let error: unknown;
      try {
        normalizeAddress(channel, address);
      } catch (e) {
        error = e;
      }
      expect(error).toBeInstanceOf(SuppressionInputError);
      expect(error).toMatchObject({ field: 'address' });
      expect((error as Error).message).toBe(
        `suppression: address must not contain control characters (${where})`,
      );
      expect(tryNormalizeAddress(channel, address)).toBeUndefined();
    },
  );

  it('a phone number keeps refusing NUL as not E.164', () => {
    expect(() => normalizeAddress('sms', '+1555\u00000100001')).toThrow(SuppressionInputError);
  });
});
