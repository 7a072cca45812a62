/** The canonical form of a BCP 47 tag (`pt-br` → `pt-BR`), or `undefined` when it is not one. */
export function canonicalLocale(tag: unknown): string | undefined {
  if (typeof tag !== 'string' || tag.trim() === '') return undefined;
  try {
    return Intl.getCanonicalLocales(tag.trim().replace(/_/g, '-'))[0];
  } catch {
    return undefined;
  }
}

/**
 * The locales to try, most specific first, then the default:
 * `pt-BR` → `pt` → `en`; `zh-Hant-TW` → `zh-Hant` → `zh` → `en`.
 */
export function localeChain(locale: string | undefined, defaultLocale: string): string[] {
  const chain: string[] = [];
  const canonical = canonicalLocale(locale);
  if (canonical) {
    const parts = canonical.split('-');
    for (let n = parts.length; n > 0; n--) chain.push(parts.slice(0, n).join('-'));
  }
  if (!chain.includes(defaultLocale)) chain.push(defaultLocale);
  return chain;
}

const RTL_LANGUAGES = new Set(['ar', 'he', 'fa', 'ur', 'ps', 'dv', 'yi', 'ckb', 'sd', 'ug']);

/** `rtl` for Arabic, Hebrew, Persian, Urdu...; else `ltr`. */
export function textDirection(locale: string): 'ltr' | 'rtl' {
  return RTL_LANGUAGES.has(locale.split('-')[0]) ? 'rtl' : 'ltr';
}
