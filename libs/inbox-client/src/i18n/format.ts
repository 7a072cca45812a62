import type { Plural } from './strings.js';

/** Replaces `{name}` in a template. */
export function fill(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (whole, key: string) =>
    key in values ? String(values[key]) : whole,
  );
}

// Intl objects are slow to make (a list re-renders often): one of each per locale
const cache = new Map<string, any>();
function cached<T>(
  kind: string,
  locale: string | undefined,
  make: (l: string | undefined) => T,
): T {
  const key = `${kind}|${locale ?? ''}`;
  let value = cache.get(key) as T | undefined;
  if (value === undefined) cache.set(key, (value = make(safeLocale(locale))));
  return value;
}

/** The form of `plural` for `n` under `Intl.PluralRules(locale)`, with `{n}` filled in. */
export function plural(forms: Plural, n: number, locale?: string): string {
  const category = cached('p', locale, (l) => new Intl.PluralRules(l)).select(n);
  const number = cached('n', locale, (l) => new Intl.NumberFormat(l)).format(n);
  return fill(forms[category] ?? forms.other, { n: number });
}

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 31_536_000],
  ['month', 2_592_000],
  ['week', 604_800],
  ['day', 86_400],
  ['hour', 3_600],
  ['minute', 60],
];

/** "5 minutes ago", "in 2 days", "now" (`nowText` under a minute) with `Intl.RelativeTimeFormat`. */
export function relativeTime(
  date: Date,
  now: number,
  locale: string | undefined,
  nowText: string,
): string {
  const seconds = Math.round((date.getTime() - now) / 1000);
  const abs = Math.abs(seconds);
  const format = cached('r', locale, (l) => new Intl.RelativeTimeFormat(l, { numeric: 'auto' }));
  for (const [unit, size] of UNITS) {
    if (abs >= size) return format.format(Math.trunc(seconds / size), unit);
  }
  return nowText;
}

/** A date and time for a title or a snooze label, in the element's locale. */
export function dateTime(date: Date, locale?: string): string {
  return cached(
    'd',
    locale,
    (l) => new Intl.DateTimeFormat(l, { dateStyle: 'medium', timeStyle: 'short' }),
  ).format(date);
}

/** `locale` if Intl accepts it, else the browser's default (a bad attribute never throws). */
export function safeLocale(locale?: string): string | undefined {
  if (!locale) return undefined;
  try {
    return Intl.getCanonicalLocales(locale)[0];
  } catch {
    return undefined;
  }
}
