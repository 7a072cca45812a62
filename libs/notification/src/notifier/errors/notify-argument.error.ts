import { HeraldError } from '@herald/contracts';

/** `notify()` was called with a bad argument; the message names the field, the value and what is allowed. */
export class NotifyArgumentError extends HeraldError {
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(`notify(): ${field} ${message}`, { code: 'HERALD_NOTIFIER_BAD_ARGUMENT' });
  }

  /**
   * A caller's value as a message shows it: strings quoted (cut at 60
   * characters), numbers and the like as they are, anything else by its
   * kind. Never calls the value's own `toString()` (an object may have none,
   * or one that throws).
   */
  static describe(value: unknown): string {
    switch (typeof value) {
      case 'string':
        return JSON.stringify(value.length > 60 ? `${value.slice(0, 60)}...` : value);
      case 'bigint':
        return `${value}n`;
      case 'symbol':
        return 'a symbol';
      case 'function':
        return 'a function';
      case 'object':
        if (value === null) return 'null';
        if (Array.isArray(value)) return 'an array';
        if (value instanceof Date)
          return Number.isNaN(value.getTime()) ? 'an invalid Date' : value.toISOString();
        return 'an object';
      default:
        return String(value);
    }
  }
}
