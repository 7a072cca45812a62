import { NotificationPreferenceError } from '../errors/notification-preference.error.js';
import { MemoryNotificationPreferenceStore } from './memory-notification-preference.store.js';
import { NotificationPreferencesService } from './notification-preferences.service.js';

const setup = () =>
  new NotificationPreferencesService(new MemoryNotificationPreferenceStore(), () => [
    'sms',
    'push',
    'mail',
    'inbox',
    'slack',
  ]);

describe('NotificationPreferencesService', () => {
  it('sets, lists and unsets one user × category × channel', async () => {
    const prefs = setup();
    await prefs.set({ userId: 'u1', category: 'orders', channel: 'mail', enabled: false });
    await prefs.set({ userId: 'u1', category: 'orders', channel: 'slack', enabled: true });
    await prefs.set({ userId: 'u2', category: 'orders', channel: 'mail', enabled: true });
    expect((await prefs.list('u1')).map((p) => [p.category, p.channel, p.enabled])).toEqual([
      ['orders', 'mail', false],
      ['orders', 'slack', true],
    ]);
    expect(await prefs.unset('u1', 'orders', 'mail')).toBe(true);
    expect(await prefs.unset('u1', 'orders', 'mail')).toBe(false);
    expect((await prefs.list('u1')).map((p) => p.channel)).toEqual(['slack']);
    expect((await prefs.list('u2')).map((p) => p.enabled)).toEqual([true]);
  });

  it("answers the effective preferences: the user's choice, else the topic's default, else on", async () => {
    const prefs = setup();
    await prefs.set({ userId: 'u1', category: 'orders', channel: 'sms', enabled: false });
    await prefs.set({ userId: 'u1', category: 'digest', channel: 'mail', enabled: true });
    const effective = await prefs.effective('u1', [
      { category: 'orders', channels: ['sms', 'mail'] },
      { category: 'digest', channels: ['mail', 'push'], defaults: { mail: false, push: false } },
    ]);
    expect(effective).toEqual([
      { category: 'orders', channel: 'sms', enabled: false, source: 'user' },
      { category: 'orders', channel: 'mail', enabled: true, source: 'default' },
      { category: 'digest', channel: 'mail', enabled: true, source: 'user' },
      { category: 'digest', channel: 'push', enabled: false, source: 'default' },
    ]);
    expect(await prefs.effective('u1', [])).toEqual([]);
  });

  it.each([
    [
      'an unknown channel',
      { userId: 'u', category: 'orders', channel: 'fax', enabled: false },
      'notification preference: channel must be one of sms, push, mail, inbox, slack (got "fax")',
    ],
    [
      'an empty category',
      { userId: 'u', category: '', channel: 'mail', enabled: false },
      'notification preference: category must be a non-empty string of at most 100 characters without control characters (got "")',
    ],
    [
      'a blank category',
      { userId: 'u', category: '   ', channel: 'mail', enabled: false },
      /category must be a non-empty string/,
    ],
    [
      'a too long category',
      { userId: 'u', category: 'c'.repeat(101), channel: 'mail', enabled: false },
      /category must be .* at most 100 characters .*\(got a string of 101 characters\)/,
    ],
    [
      'a category with a line break',
      { userId: 'u', category: 'a\nb', channel: 'mail', enabled: false },
      /category .* without control characters/,
    ],
    [
      'a too long user id',
      { userId: 'u'.repeat(256), category: 'orders', channel: 'mail', enabled: false },
      /userId must be a non-empty string of at most 255 characters \(got a string of 256 characters\)/,
    ],
    [
      'an empty user id',
      { userId: '', category: 'orders', channel: 'mail', enabled: false },
      /userId must be a non-empty string/,
    ],
    [
      'enabled that is not a boolean',
      { userId: 'u', category: 'orders', channel: 'mail', enabled: 'no' },
      'notification preference: enabled must be true or false (got "no")',
    ],
  ])('refuses %s with a typed error naming the field', async (_, input, message) => {
    const prefs = setup();
    const attempt = prefs.set(input as never);
    await expect(attempt).rejects.toThrow(NotificationPreferenceError);
    await expect(prefs.set(input as never)).rejects.toThrow(message);
    expect(await prefs.store.list(input.userId)).toEqual([]);
  });

  it('refuses a user id with NUL or another control character before the store sees it', async () => {
    const set = jest.fn();
    const prefs = new NotificationPreferencesService({ set } as never, () => ['mail']);
    await expect(
      prefs.set({ userId: 'u\u0000v', category: 'orders', channel: 'mail', enabled: false }),
    ).rejects.toThrow(
      'notification preference: userId must not contain control characters (U+0000 at index 1)',
    );
    await expect(
      prefs.set({ userId: 'u\u0085', category: 'orders', channel: 'mail', enabled: false }),
    ).rejects.toMatchObject({ field: 'userId' });
    expect(() => prefs.validate('u\r\n', 'orders', 'mail')).toThrow(NotificationPreferenceError);
    expect(set).not.toHaveBeenCalled();
  });

  it('checks unset, validate, list and effective arguments the same way', async () => {
    const prefs = setup();
    expect(() => prefs.validate('u', '', 'mail')).toThrow(/category must be a non-empty string/);
    expect(() => prefs.validate('u', 'orders', 'mail')).not.toThrow();
    await expect(prefs.unset('u', 'orders', 'fax')).rejects.toThrow(/channel must be one of/);
    await expect(prefs.list('')).rejects.toThrow(NotificationPreferenceError);
    await expect(
      prefs.effective('u', [{ category: 'orders', channels: ['mail', 'pigeon'] }]),
    ).rejects.toThrow(/topics\[0\]\.channels\[1\] must be one of .* \(got "pigeon"\)/);
    await expect(prefs.effective('u', [{ category: '', channels: [] }])).rejects.toThrow(
      /topics\[0\]\.category must be a non-empty string/,
    );
  });
});
