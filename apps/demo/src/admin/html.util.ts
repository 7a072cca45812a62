import { escapeHtml } from '@herald/notification';

// One escaping rule for every admin page: the one the notification contributor's pages use.
export { escapeHtml };

/** Tagged template that escapes every interpolated value unless it is `raw()`. */
export function html(strings: TemplateStringsArray, ...values: unknown[]): string {
  return strings.reduce((out, part, i) => {
    if (i === 0) return part;
    const value = values[i - 1];
    const text =
      value instanceof RawHtml
        ? value.value
        : Array.isArray(value)
          ? value.join('')
          : escapeHtml(value);
    return out + text + part;
  }, '');
}

export class RawHtml {
  constructor(readonly value: string) {}
}

/** Marks already-safe HTML so `html` inserts it as is. */
export const raw = (value: string): RawHtml => new RawHtml(value);
