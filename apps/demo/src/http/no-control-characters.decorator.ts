import { ValidateBy, type ValidationOptions } from 'class-validator';
import { findControlCharacter } from '@herald/notification/inbox';

/**
 * A string without control characters (U+0000–U+001F, U+007F–U+009F): PostgreSQL
 * refuses NUL in text and none belongs in a one-line field. With
 * `allowLineBreaks`, tab, CR and LF pass (multi-line text). The rule is the
 * inbox library's (`findControlCharacter`); non-strings are left to `@IsString()`.
 */
export function NoControlCharacters(
  options: { allowLineBreaks?: boolean } = {},
  validationOptions?: ValidationOptions,
): PropertyDecorator {
  return ValidateBy(
    {
      name: 'noControlCharacters',
      validator: {
        validate: (value: unknown) =>
          typeof value !== 'string' || findControlCharacter(value, options) === -1,
        defaultMessage: (args) =>
          `${args?.property} must not contain control characters` +
          (options.allowLineBreaks
            ? ' other than tabs and line breaks'
            : ' (line breaks included)'),
      },
    },
    validationOptions,
  );
}
