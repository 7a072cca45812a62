import type { RecipientProfile } from '../../notifier/recipients/recipient.interface.js';
import { canonicalLocale } from './locale-chain.util.js';

/**
 * A recipient that says which language it reads (Laravel's
 * `HasLocalePreference`): the notifier renders every channel in it.
 * @example class User implements HasLocalePreference { preferredLocale() { return this.language; } }
 */
export interface HasLocalePreference {
  preferredLocale(): string | undefined | null;
}

/**
 * The locale to render for: the recipient's `preferredLocale()`, else its
 * `locale` field (an on-demand recipient's `withLocale()`), else the default.
 * A value that is not a BCP 47 tag is ignored.
 */
export function resolveLocale(
  recipient: object,
  profile: RecipientProfile,
  defaultLocale: string,
): string {
  const prefers = (recipient as Partial<HasLocalePreference>).preferredLocale;
  if (typeof prefers === 'function') {
    const preferred = canonicalLocale(prefers.call(recipient));
    if (preferred) return preferred;
  }
  return canonicalLocale(profile.locale) ?? defaultLocale;
}
