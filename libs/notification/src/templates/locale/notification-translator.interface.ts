/**
 * Where `{{t "key"}}` finds its text. By default, the ICU messages of the
 * templates folder (`messages/<locale>.json`); give your own to use the
 * translations an application already has (nestjs-i18n, i18next...).
 *
 * @example
 * // nestjs-i18n: its I18nService already knows your files and fallbacks
 * const translator: NotificationTranslator = {
 *   translate: (key, locale, values) => i18n.t(key, { lang: locale, args: values }),
 * };
 */
export interface NotificationTranslator {
  /**
   * The text of `key` in `locale` with `values` filled in, or `undefined`
   * when there is none (the template then fails with `TemplateVariableError`).
   * `locale` is the recipient's, already resolved; `timeZone` is theirs too.
   */
  translate(
    key: string,
    locale: string,
    values: Record<string, unknown>,
    timeZone?: string,
  ): string | undefined;
}
