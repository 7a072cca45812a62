import { REDACTED, isUrlKey, redactUrl, redactUrlCredentials } from './redact-url.util.js';

export {
  REDACTED,
  describeUrl,
  SECRET_QUERY_PARAM,
  isUrlKey,
  redactUrl,
  redactUrlCredentials,
  secretRedactor,
  urlSecrets,
} from './redact-url.util.js';

const SECRET_KEY =
  /(^|[_\-.])(auth[_-]?token|token|server[_-]?key|api[_-]?key|secret|password|passwd|pass|private[_-]?key|credentials?|authorization|cookie|client[_-]?secret)$/i;
const SECRET_CAMEL =
  /(authToken|serverKey|apiKey|Secret|password|privateKey|credentials|clientSecret)$/;

/** True when a field of that name holds a secret (`auth_token`, `privateKey`, `password`, ...). */
export function isSecretKey(key: string): boolean {
  return SECRET_KEY.test(key) || SECRET_CAMEL.test(key);
}

/**
 * Removes secrets from free text such as an error message: URL credentials,
 * bearer/basic tokens and `key=value` pairs whose key looks secret.
 */
export function redactText(text: string): string {
  return redactUrlCredentials(text)
    .replace(/\b(Bearer|Basic)\s+[A-Za-z0-9._~+/=-]+/g, `$1 ${REDACTED}`)
    .replace(
      /\b([A-Za-z_]*(?:password|passwd|secret|token|signature|api[_-]?key|auth[_-]?token|private[_-]?key)[A-Za-z_]*)(\s*[=:]\s*)("[^"]*"|'[^']*'|[^\s,;&]+)/gi,
      `$1$2${REDACTED}`,
    );
}

/**
 * A deep copy of `value` with every secret-looking field replaced by
 * `[REDACTED]` and credentials stripped from URL strings. Extra keys to hide
 * can be given by name.
 */
export function redactDeep<T>(value: T, extraSecretKeys: ReadonlySet<string> = new Set()): T {
  const seen = new WeakMap<object, unknown>();
  const walk = (node: unknown, key?: string): unknown => {
    if (key !== undefined && (isSecretKey(key) || extraSecretKeys.has(key))) {
      return node === undefined || node === null || node === '' ? node : REDACTED;
    }
    if (typeof node === 'string')
      return key !== undefined && isUrlKey(key) ? redactUrl(node) : redactUrlCredentials(node);
    if (node === null || typeof node !== 'object') return node;
    if (node instanceof Date || Buffer.isBuffer(node)) return node;
    if (seen.has(node)) return seen.get(node);
    if (Array.isArray(node)) {
      const out: unknown[] = [];
      seen.set(node, out);
      // items of a URL-typed setting (a YAML list where one URL belongs) are URLs too
      node.forEach((item) =>
        out.push(walk(item, key !== undefined && isUrlKey(key) ? key : undefined)),
      );
      return out;
    }
    const out: Record<string, unknown> = {};
    seen.set(node, out);
    for (const [k, v] of Object.entries(node)) out[k] = walk(v, k);
    return out;
  };
  return walk(value) as T;
}
