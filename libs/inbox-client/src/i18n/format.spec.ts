import { de } from './de.js';
import { en } from './en.js';
import { fill, plural, relativeTime, safeLocale } from './format.js';
import { fr } from './fr.js';
import { mergeStrings } from './strings.js';

describe('inbox strings and formats', () => {
  const now = Date.UTC(2026, 10, 27, 12, 0, 0);

  it('counts through Intl.PluralRules of the locale', () => {
    expect(plural(en.newMessages, 1, 'en')).toBe('1 new notification');
    expect(plural(en.newMessages, 2, 'en')).toBe('2 new notifications');
    expect(plural(fr.bellUnread, 0, 'fr')).toBe('Notifications, 0 non lue'); // French: 0 is "one"
    expect(plural(fr.bellUnread, 2, 'fr')).toBe('Notifications, 2 non lues');
    expect(plural(de.newMessages, 1234, 'de')).toBe('1.234 neue Benachrichtigungen');
  });

  it('relative times through Intl.RelativeTimeFormat, "now" under a minute', () => {
    expect(relativeTime(new Date(now - 30_000), now, 'en', en.now)).toBe('now');
    expect(relativeTime(new Date(now - 5 * 60_000), now, 'en', en.now)).toBe('5 minutes ago');
    expect(relativeTime(new Date(now - 26 * 3_600_000), now, 'en', en.now)).toBe('yesterday');
    expect(relativeTime(new Date(now - 3 * 86_400_000), now, 'fr', fr.now)).toBe('il y a 3 jours');
    expect(relativeTime(new Date(now + 2 * 3_600_000), now, 'de', de.now)).toBe('in 2 Stunden');
  });

  it('a bad locale tag falls back to the default instead of throwing', () => {
    expect(safeLocale('not a locale!')).toBeUndefined();
    expect(() => plural(en.newMessages, 3, 'not a locale!')).not.toThrow();
    expect(() => relativeTime(new Date(now), now, '', en.now)).not.toThrow();
  });

  it('fills placeholders and leaves unknown ones as written', () => {
    expect(fill('{a} and {b}', { a: 1 })).toBe('1 and {b}');
  });

  it('every locale has every string; overrides merge over English, nested tables too', () => {
    for (const table of [fr, de]) expect(Object.keys(table).sort()).toEqual(Object.keys(en).sort());
    const merged = mergeStrings(en, {
      title: 'Alerts',
      severity: { high: 'Urgent' },
      channels: { slack: 'Slack' },
    });
    expect(merged.title).toBe('Alerts');
    expect(merged.severity).toEqual({ ...en.severity, high: 'Urgent' });
    expect(merged.channels.slack).toBe('Slack');
    expect(merged.channels.email).toBe('Email');
  });
});
