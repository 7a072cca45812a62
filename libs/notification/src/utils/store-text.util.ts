/**
 * C0 controls (U+0000–U+001F), DEL and C1 controls (U+0080–U+009F).
 * PostgreSQL refuses NUL in `text` outright; none of the others belongs in
 * an id, a token, a category or a one-line label either.
 */
export const isControlCode = (code: number): boolean =>
  code < 0x20 || (code >= 0x7f && code <= 0x9f);
/** Tab, line feed, carriage return: the control characters multi-line text may hold. */
const isLineBreakOrTab = (code: number) => code === 0x09 || code === 0x0a || code === 0x0d;

/** `U+0000`: how a message names a character without carrying it raw. */
export const codePointLabel = (code: number): string =>
  `U+${code.toString(16).toUpperCase().padStart(4, '0')}`;

/** Options of the control-character rule. */
export interface ControlCharacterOptions {
  /** Let tab, line feed and carriage return through (multi-line text). @default false */
  allowLineBreaks?: boolean;
}

/**
 * Index of the first control character of `text` (U+0000–U+001F, U+007F,
 * U+0080–U+009F), or -1. With `allowLineBreaks`, tab, line feed and carriage
 * return are allowed.
 *
 * @example findControlCharacter('a\u0000b') // 1
 */
export function findControlCharacter(text: string, options: ControlCharacterOptions = {}): number {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (isControlCode(code) && !(options.allowLineBreaks && isLineBreakOrTab(code))) return i;
  }
  return -1;
}

/**
 * What is wrong with `text` as text bound for a store, in the words of a
 * field message (`must not contain control characters (U+0000 at index 3)`),
 * or `undefined` when nothing is.
 */
export function controlCharacterProblem(
  text: string,
  options: ControlCharacterOptions = {},
): string | undefined {
  const at = findControlCharacter(text, options);
  if (at === -1) return undefined;
  return (
    `must not contain control characters${options.allowLineBreaks ? ' other than tabs and line breaks' : ''} ` +
    `(${codePointLabel(text.charCodeAt(at))} at index ${at})`
  );
}

/**
 * The one check every store runs on a string before it reaches the
 * database: a string of `field` holding a control character is refused by
 * throwing `fail(field, message)`, the store's own typed error (which names
 * the field), instead of a driver error such as PostgreSQL's
 * `invalid byte sequence for encoding "UTF8": 0x00`. Non-strings,
 * `undefined` and `null` are left to the caller's type checks.
 *
 * @example refuseControlCharacters(userId, 'userId', (f, m) => new DeviceTokenError(f, m));
 */
export function refuseControlCharacters(
  value: unknown,
  field: string,
  fail: (field: string, message: string) => Error,
  options: ControlCharacterOptions = {},
): void {
  if (typeof value !== 'string') return;
  const problem = controlCharacterProblem(value, options);
  if (problem) throw fail(field, problem);
}
