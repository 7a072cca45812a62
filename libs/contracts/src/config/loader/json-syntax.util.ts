/** Where and why a text is not JSON; the text itself is never quoted (it may hold secrets). */
export interface JsonSyntaxError {
  /** Zero-based character offset of the first character that cannot be read. */
  position: number;
  /** What was expected there, e.g. `expected ',' or '}' after a property value`. */
  problem: string;
}

class Stop {
  constructor(
    readonly position: number,
    readonly problem: string,
  ) {}
}

const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
const ESCAPES = new Set(['"', '\\', '/', 'b', 'f', 'n', 'r', 't']);
const HEX4 = /^[0-9a-fA-F]{4}$/;

/**
 * Finds the first syntax error of `text` as JSON (RFC 8259), or `undefined`
 * when it parses. `JSON.parse` messages are not used: V8 quotes the input in
 * them ("Unexpected token 'x', "[{..." is not valid JSON") and gives no
 * position for that case.
 */
export function findJsonSyntaxError(text: string): JsonSyntaxError | undefined {
  let i = 0;
  const stop = (problem: string): never => {
    throw new Stop(i, i >= text.length ? `unexpected end of input (${problem})` : problem);
  };
  const space = () => {
    while (i < text.length && ' \t\n\r'.includes(text[i])) i++;
  };
  const string = () => {
    i++; // opening quote
    while (i < text.length) {
      const c = text[i];
      if (c === '"') {
        i++;
        return;
      }
      if (c === '\\') {
        const e = text[i + 1];
        if (e === 'u' && HEX4.test(text.slice(i + 2, i + 6))) i += 6;
        else if (e !== undefined && ESCAPES.has(e)) i += 2;
        else stop('invalid escape sequence in a string');
        continue;
      }
      if (c < ' ') stop('control character (such as a line break) in a string');
      i++;
    }
    stop('unterminated string');
  };
  const value = (): void => {
    space();
    const c = text[i];
    if (c === '{') return container('}', true);
    if (c === '[') return container(']', false);
    if (c === '"') return string();
    NUMBER.lastIndex = i;
    if (NUMBER.test(text)) {
      i = NUMBER.lastIndex;
      return;
    }
    for (const word of ['true', 'false', 'null']) {
      if (text.startsWith(word, i)) {
        i += word.length;
        return;
      }
    }
    stop('expected a value (a string in double quotes, a number, true, false, null, [ or {)');
  };
  const container = (close: string, object: boolean): void => {
    i++;
    space();
    if (text[i] === close) {
      i++;
      return;
    }
    for (;;) {
      if (object) {
        space();
        if (text[i] !== '"') stop('expected a property name in double quotes');
        string();
        space();
        if (text[i] !== ':') stop("expected ':' after a property name");
        i++;
      }
      value();
      space();
      if (text[i] === ',') {
        i++;
        continue;
      }
      if (text[i] === close) {
        i++;
        return;
      }
      stop(`expected ',' or '${close}' after ${object ? 'a property value' : 'a list item'}`);
    }
  };
  try {
    value();
    space();
    if (i < text.length) stop('unexpected text after the JSON value');
    return undefined;
  } catch (error) {
    if (error instanceof Stop) return { position: error.position, problem: error.problem };
    // nesting deep enough to exhaust the stack: say so rather than guess a position
    return { position: i, problem: 'nested too deeply' };
  }
}

/** `is not valid JSON: <problem> at position <n>`, for a config problem. */
export function describeJsonSyntaxError(text: string): string {
  const found = findJsonSyntaxError(text);
  return found
    ? `is not valid JSON: ${found.problem} at position ${found.position} (the value is not shown, it may hold secrets)`
    : 'is not valid JSON (the value is not shown, it may hold secrets)';
}
