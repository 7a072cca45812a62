import { IntlMessageFormat } from 'intl-messageformat';
import { TemplateCompileError } from '../errors/template-compile.error.js';
import { TemplateVariableError } from '../errors/template-variable.error.js';
import type { NotificationTranslator } from './notification-translator.interface.js';

type MessageAst = IntlMessageFormat['getAst'] extends () => infer A ? A : never;

/** Nested JSON keys flattened with dots: `{ order: { shipped: '…' } }` → `order.shipped`. */
function flatten(
  value: unknown,
  file: string,
  prefix = '',
  out = new Map<string, string>(),
): Map<string, string> {
  if (!value || typeof value !== 'object' || Array.isArray(value))
    throw new TemplateCompileError(
      file,
      undefined,
      `${prefix || 'the file'} must be an object of messages`,
    );
  for (const [key, entry] of Object.entries(value)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof entry === 'string') out.set(path, entry);
    else flatten(entry, file, path, out);
  }
  return out;
}

/** Dates arrive as ISO strings when the data went through JSON: format them as dates. */
function isoDates(format: Intl.DateTimeFormat): Intl.DateTimeFormat {
  const date = (value?: Date | number | string) =>
    typeof value === 'string' ? new Date(value) : value;
  return {
    format: (value?: Date | number | string) => format.format(date(value)),
    formatToParts: (value?: Date | number | string) => format.formatToParts(date(value)),
    resolvedOptions: () => format.resolvedOptions(),
  } as Intl.DateTimeFormat;
}

/**
 * The ICU MessageFormat messages of `messages/<locale>.json`, parsed once
 * (a syntax error names the file, line and key); formatted in the
 * recipient's locale and time zone, falling back along the locale chain.
 */
export class MessageCatalog implements NotificationTranslator {
  private readonly asts = new Map<string, Map<string, MessageAst>>();
  private readonly formatters = new Map<string, IntlMessageFormat>();

  /** `files`: locale → [file name, JSON text]. */
  constructor(files: ReadonlyMap<string, [string, string]>) {
    for (const [locale, [file, text]] of files) {
      let json: unknown;
      try {
        json = JSON.parse(text);
      } catch (error) {
        throw new TemplateCompileError(file, undefined, (error as Error).message);
      }
      const parsed = new Map<string, MessageAst>();
      for (const [key, message] of flatten(json, file)) {
        try {
          parsed.set(key, new IntlMessageFormat(message, locale).getAst());
        } catch (error) {
          const line = text.split('\n').findIndex((l) => l.includes(`"${key.split('.').pop()}"`));
          throw new TemplateCompileError(
            file,
            line >= 0 ? line + 1 : undefined,
            `message "${key}": ${(error as Error).message}`,
          );
        }
      }
      this.asts.set(locale, parsed);
    }
  }

  get locales(): string[] {
    return [...this.asts.keys()];
  }

  has(key: string): boolean {
    for (const messages of this.asts.values()) if (messages.has(key)) return true;
    return false;
  }

  /** The first locale of `chain` that has `key`. */
  localeOf(key: string, chain: readonly string[]): string | undefined {
    return chain.find((locale) => this.asts.get(locale)?.has(key));
  }

  translate(
    key: string,
    locale: string,
    values: Record<string, unknown>,
    timeZone?: string,
    chain: readonly string[] = [locale],
  ): string | undefined {
    const found = this.localeOf(key, chain);
    if (found === undefined) return undefined;
    const id = `${found}\u0000${locale}\u0000${timeZone ?? ''}\u0000${key}`;
    let formatter = this.formatters.get(id);
    if (!formatter) {
      const ast = this.asts.get(found)!.get(key)!;
      formatter = new IntlMessageFormat(ast, locale, undefined, {
        formatters: {
          getNumberFormat: (l, o) => new Intl.NumberFormat(l, o),
          getDateTimeFormat: (l, o) => isoDates(new Intl.DateTimeFormat(l, { ...o, timeZone })),
          getPluralRules: (l, o) => new Intl.PluralRules(l, o),
        },
      });
      if (this.formatters.size > 2000) this.formatters.clear();
      this.formatters.set(id, formatter);
    }
    try {
      return String(formatter.format(values as Record<string, string>));
    } catch (error) {
      const missing = /context variable "([^"]+)" was not provided/.exec(
        String((error as Error).message),
      );
      if (missing) throw new TemplateVariableError(`messages/${found}.json#${key}`, missing[1]);
      throw error;
    }
  }
}
