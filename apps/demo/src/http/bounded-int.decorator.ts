import { applyDecorators } from '@nestjs/common';
import { Transform } from 'class-transformer';
import { ValidateBy, type ValidationArguments } from 'class-validator';

/** How a refused value shows in the message: short, quoted, never an object dump. */
function shown(value: unknown): string {
  if (typeof value === 'string') return JSON.stringify(value.slice(0, 40));
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value)) return 'a list';
  if (value === null) return 'null';
  return typeof value === 'object' ? 'an object' : `a ${typeof value}`;
}

/**
 * A whole number from `min` to `max`, given as a number (JSON) or as decimal
 * digits (a query or form string: `"25"`, not `"1e3"`, `"0x10"` or `" 5"`).
 * Digits beyond what a double holds exactly (`9223372036854775808`) are
 * refused as given, not rounded; arrays (`?limit=1&limit=2`) and objects are
 * refused. The bound keeps every value inside the column or `LIMIT`/`OFFSET`
 * it reaches (PostgreSQL `bigint` included). Message:
 * `offset must be an integer from 0 to 1000000 (got "1e20")`.
 */
export function BoundedInt(min: number, max: number): PropertyDecorator {
  return applyDecorators(
    Transform(({ value }) =>
      typeof value === 'string' && /^-?\d{1,16}$/.test(value) && Number.isSafeInteger(Number(value))
        ? Number(value)
        : value,
    ),
    ValidateBy({
      name: 'boundedInt',
      constraints: [min, max],
      validator: {
        validate: (value: unknown) =>
          typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max,
        defaultMessage: (args?: ValidationArguments) =>
          `${args?.property} must be an integer from ${min} to ${max} (got ${shown(args?.value)})`,
      },
    }),
  );
}
