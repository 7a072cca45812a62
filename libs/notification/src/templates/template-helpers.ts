import type { HelperOptions } from 'handlebars';
import { TemplateVariableError } from './errors/template-variable.error.js';
import type { NotificationTranslator } from './locale/notification-translator.interface.js';
import type { MessageCatalog } from './locale/message-catalog.js';

/** What a render passes to the helpers as Handlebars `@data` (`{{@locale}}`, `{{@dir}}` in templates). */
export interface TemplateRenderData {
  locale: string;
  chain: readonly string[];
  dir: 'ltr' | 'rtl';
  timeZone?: string;
  now: Date;
  /** The file being rendered, for error messages. */
  file: string;
}

const dataOf = (options: HelperOptions): TemplateRenderData =>
  (options.data as { herald: TemplateRenderData }).herald;

const UNITS: Array<[Intl.RelativeTimeFormatUnit, number]> = [
  ['second', 60],
  ['minute', 3600],
  ['hour', 86_400],
  ['day', 604_800],
  ['week', 2_629_800],
  ['month', 31_557_600],
  ['year', Infinity],
];
const SECONDS: Record<string, number> = {
  second: 1,
  minute: 60,
  hour: 3600,
  day: 86_400,
  week: 604_800,
  month: 2_629_800,
  year: 31_557_600,
};

function toDate(value: unknown, helper: string, data: TemplateRenderData): Date {
  const date = value instanceof Date ? value : new Date(value as string | number);
  if (Number.isNaN(date.getTime()))
    throw new TemplateVariableError(data.file, `${helper}(${String(value)}): not a date`);
  return date;
}

/**
 * The helpers every template has: `t` (a message of the recipient's locale),
 * `number`, `date` (in the recipient's time zone) and `relativeTime`.
 */
export function templateHelpers(
  catalog: MessageCatalog,
  translator?: NotificationTranslator,
): Record<string, (...args: any[]) => unknown> {
  return {
    t(key: unknown, options: HelperOptions) {
      const data = dataOf(options);
      // an undefined value is a missing one: ICU then names it
      const values = Object.fromEntries(
        Object.entries(options.hash as Record<string, unknown>).filter(([, v]) => v !== undefined),
      );
      const text = translator
        ? translator.translate(String(key), data.locale, values, data.timeZone)
        : catalog.translate(String(key), data.locale, values, data.timeZone, data.chain);
      if (text === undefined)
        throw new TemplateVariableError(data.file, `message "${String(key)}" (${data.locale})`);
      return text;
    },
    number(value: unknown, options: HelperOptions) {
      if (typeof value !== 'number' && (typeof value !== 'string' || Number.isNaN(Number(value))))
        throw new TemplateVariableError(
          dataOf(options).file,
          `number(${String(value)}): not a number`,
        );
      return new Intl.NumberFormat(dataOf(options).locale, options.hash).format(Number(value));
    },
    date(value: unknown, options: HelperOptions) {
      const data = dataOf(options);
      const hash = options.hash as Intl.DateTimeFormatOptions;
      const style = Object.keys(hash).length > 0 ? hash : { dateStyle: 'long' as const };
      return new Intl.DateTimeFormat(data.locale, { ...style, timeZone: data.timeZone }).format(
        toDate(value, 'date', data),
      );
    },
    relativeTime(value: unknown, options: HelperOptions) {
      const data = dataOf(options);
      const seconds = (toDate(value, 'relativeTime', data).getTime() - data.now.getTime()) / 1000;
      const [unit] = UNITS.find(([, limit]) => Math.abs(seconds) < limit)!;
      const hash = options.hash as { numeric?: 'auto' | 'always' };
      return new Intl.RelativeTimeFormat(data.locale, { numeric: hash.numeric ?? 'auto' }).format(
        Math.round(seconds / SECONDS[unit]),
        unit,
      );
    },
  };
}
