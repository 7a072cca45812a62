import { Transform } from 'class-transformer';

/**
 * Turns a numeric string (what an HTML form posts) into a number and leaves
 * every other value as it is, so `@IsNumber()` still refuses arrays and objects
 * (which `@Type(() => Number)` would coerce: `Number([5])` is 5).
 */
export function NumericString(): PropertyDecorator {
  return Transform(({ value }) =>
    typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value))
      ? Number(value)
      : value,
  );
}
