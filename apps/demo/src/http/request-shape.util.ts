/**
 * Keys that reach `Object.prototype` when code copies parsed input by
 * assignment (`target[key] = value`): no request may use them.
 */
export const PROTOTYPE_KEYS: ReadonlySet<string> = new Set([
  '__proto__',
  'constructor',
  'prototype',
]);

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COLON = 0x3a;
const OPEN = new Set([0x7b, 0x5b]); // { [
const CLOSE = new Set([0x7d, 0x5d]); // } ]
const isSpace = (b: number) => b === 0x20 || b === 0x09 || b === 0x0a || b === 0x0d;
/** Longest raw spelling of a prototype key: every character escaped as `\uXXXX`. */
const LONGEST_KEY = 6 * Math.max(...[...PROTOTYPE_KEYS].map((k) => k.length));

/**
 * What is wrong with the shape of a UTF-8 JSON text, read before it is parsed:
 * objects and arrays nested deeper than `maxDepth`, or a key in
 * `PROTOTYPE_KEYS` (escaped spellings included). `undefined` when neither;
 * syntax errors are left to the parser. One pass, no allocation per value.
 */
export function jsonShapeProblem(bytes: Uint8Array, maxDepth: number): string | undefined {
  let depth = 0;
  for (let i = 0; i < bytes.length; i++) {
    const b = bytes[i];
    if (b === QUOTE) {
      const start = i + 1;
      let escaped = false;
      for (i = start; i < bytes.length && bytes[i] !== QUOTE; i++) {
        if (bytes[i] === BACKSLASH) {
          escaped = true;
          i++;
        }
      }
      let next = i + 1;
      while (next < bytes.length && isSpace(bytes[next])) next++;
      if (bytes[next] === COLON) {
        const key = prototypeKeyAt(bytes, start, i, escaped);
        if (key) return `the key "${key}" is not allowed in a request body`;
      }
    } else if (OPEN.has(b)) {
      if (++depth > maxDepth) {
        return `JSON body nests objects and arrays deeper than ${maxDepth} levels`;
      }
    } else if (CLOSE.has(b)) {
      depth--;
    }
  }
  return undefined;
}

function prototypeKeyAt(bytes: Uint8Array, start: number, end: number, escaped: boolean) {
  const length = end - start;
  if (length > LONGEST_KEY || (!escaped && length > 11)) return undefined;
  const raw = Buffer.from(bytes.buffer, bytes.byteOffset + start, length).toString('utf8');
  let key = raw;
  if (escaped) {
    try {
      key = JSON.parse(`"${raw}"`) as string;
    } catch {
      return undefined; // a syntax error: the parser reports it
    }
  }
  return PROTOTYPE_KEYS.has(key) ? key : undefined;
}

/**
 * The first key of a query string or form body (`a[b][c]=...`) one of whose
 * segments is in `PROTOTYPE_KEYS`, as a message; `undefined` when none is.
 */
export function paramKeyProblem(query: string): string | undefined {
  if (query === '') return undefined;
  for (const key of new URLSearchParams(query).keys()) {
    if (key.split(/[[\].]/).some((segment) => PROTOTYPE_KEYS.has(segment))) {
      return `the parameter "${key.slice(0, 80)}" is not allowed: no key may be ${[...PROTOTYPE_KEYS].join(', ')}`;
    }
  }
  return undefined;
}
