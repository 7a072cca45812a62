/** What replaces a secret wherever configuration or messages are printed. */
export const REDACTED = '[REDACTED]';

/**
 * Query parameters whose value is a credential (`?token=`, `&api_key=`,
 * `X-Amz-Signature=`, `sig=`, `access_token=`, `password=`, `auth=`...).
 */
export const SECRET_QUERY_PARAM =
  /([?&;][\w.%[\]-]*?(?:token|key|secret|passw(?:or)?d|pwd|signature|sig|auth|credential)[\w.%[\]-]*=)([^\s&#"'<>]*)/gi;

/**
 * `scheme://userinfo@` and its typos (`scheme:/`, `scheme//`, `user:pass@` read as
 * `scheme:userinfo@`): everything up to the last `@` of the run (a password may
 * hold `/`, `@`, `?`...).
 */
const SCHEME_USERINFO = /(?<![\w+.-])(?!mailto:)([a-z][a-z0-9+.-]*(?::\/*|\/\/+))([^\s"'<>]*)@/gi;
/** `user:pass@host` and `:pass@host` without a scheme (as a Redis client or a typo accepts them). */
const BARE_USERINFO = /(^|[\s"'(<[=,;])(?!mailto:)([^\s"'<>@/:()[\],;]*):(?!\/)([^\s"'<>]*)@/gi;
/** Names of settings that hold a URL: `redis_url`, `alertmanagerUrl`, `token_uri`, `endpoint`, `dsn`. */
const URL_KEY = /(^|[_\-.])(url|uri|endpoint|dsn|href)$/i;
const URL_CAMEL = /[a-z0-9](Url|URL|Uri|Endpoint|Dsn|Href)$/;
/** A fragment shorter than this is not searched for in free text (it would hide common words). */
const MIN_FRAGMENT = 3;

/** True when a setting of that name holds a URL (`redis_url`, `pushgatewayUrl`, `endpoint`, `dsn`...). */
export function isUrlKey(key: string): boolean {
  return URL_KEY.test(key) || URL_CAMEL.test(key);
}

/**
 * Hides the credentials of every URL or DSN in `text`: the userinfo in any
 * form (`https://key@host/1`, `redis://:pass@h`, `user:pass@host` without a
 * scheme, a password holding `/` or `@`) and the values of secret-looking
 * query parameters (`?token=`, `&api_key=`, `&signature=`...).
 *
 * @example redactUrlCredentials('redis://:pw@h:6379') // 'redis://[REDACTED]@h:6379'
 */
export function redactUrlCredentials(value: string): string {
  return value
    .replace(SCHEME_USERINFO, (_m, scheme: string) => `${scheme}${REDACTED}@`)
    .replace(BARE_USERINFO, (_m, lead: string) => `${lead}${REDACTED}@`)
    .replace(SECRET_QUERY_PARAM, (_m, name: string) => `${name}${REDACTED}`);
}

/** Where the userinfo of a URL-like string starts and ends (`-1` when it has none). */
function userinfoSpan(value: string): [number, number] {
  const at = value.lastIndexOf('@');
  if (at < 0) return [-1, -1];
  const scheme = /^\s*[a-z][a-z0-9+.-]*:\/\//i.exec(value);
  const start = scheme && scheme[0].length <= at ? scheme[0].length : 0;
  return [start, at];
}

/** True when `value` is an absolute URL with a host (`scheme://host...`), as WHATWG `URL` reads it. */
function parsesWithHost(value: string): boolean {
  if (!/^[a-z][a-z0-9+.-]*:\/\/[^\s]+$/i.test(value)) return false;
  try {
    // a host list (`redis+cluster://h1:7000,h2:7001`) is read by its first host
    return new URL(value.replace(/^([^:]+:\/\/[^/?#,]+),[^/?#]*/, '$1')).host !== '';
  } catch {
    return false;
  }
}

/**
 * A URL-typed setting as it may be shown (in a config dump, a validation
 * message, a log line), whatever was given: a string loses everything before
 * its last `@` (the userinfo, even malformed: spaces, a `/` in the password,
 * no scheme) and the values of secret query parameters; a list or an object
 * (a YAML list where a URL belongs) is described by its shape only, and so is a string
 * that is neither an absolute URL with a host nor holds an `@` (free text, spaces):
 * nothing tells which of its parts is a password.
 *
 * @example redactUrl('redis://user:pw@redis:6379') // 'redis://[REDACTED]@redis:6379'
 */
export function redactUrl(value: unknown): string {
  if (value === undefined) return 'nothing';
  if (value === null) return 'null';
  if (Array.isArray(value)) return `a list of ${value.length} item${value.length === 1 ? '' : 's'}`;
  if (typeof value === 'object') return 'an object';
  if (typeof value !== 'string') return String(value);
  if (!value.includes('@') && !parsesWithHost(value)) {
    // Neither a URL nor userinfo@host: nothing tells which part is a password, so none is shown.
    return `a string of ${value.length} character${value.length === 1 ? '' : 's'} that is not a URL (not shown: it may hold a credential)`;
  }
  const [start, at] = userinfoSpan(value);
  const bare = at >= 0 ? `${value.slice(0, start)}${REDACTED}${value.slice(at)}` : value;
  return redactUrlCredentials(bare);
}

/**
 * A URL-typed value for a message: a string quoted (`"https://[REDACTED]@h"`),
 * anything else by its shape (`a list of 1 item`).
 */
export function describeUrl(value: unknown): string {
  return typeof value === 'string' ? JSON.stringify(redactUrl(value)) : redactUrl(value);
}

function decoded(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** The secret parts of one URL-like string: its userinfo, its password and the values of secret query parameters. */
function secretsOfString(value: string): string[] {
  const found: string[] = [];
  const [start, at] = userinfoSpan(value);
  if (at > start) {
    const userinfo = value.slice(start, at);
    found.push(userinfo);
    const colon = userinfo.indexOf(':');
    const password = colon >= 0 ? userinfo.slice(colon + 1) : userinfo;
    found.push(password, ...password.split(/[\s:/?#@[\]]+/));
  }
  for (const match of value.matchAll(SECRET_QUERY_PARAM)) found.push(match[2]);
  return found.flatMap((s) => [
    s,
    decoded(s),
    encodeURIComponent(s),
    JSON.stringify(s).slice(1, -1),
  ]);
}

/**
 * The credential fragments a URL-typed setting holds (userinfo, password and
 * its pieces, secret query values; raw, percent-decoded, percent-encoded and
 * JSON-escaped), from a string or from every string inside a list or object
 * given where a URL belongs. Used to scrub error text of clients (Redis,
 * fetch) that quote the URL they were given.
 */
export function urlSecrets(value: unknown): string[] {
  const out = new Set<string>();
  const walk = (node: unknown, depth: number): void => {
    if (typeof node === 'string') {
      for (const s of secretsOfString(node)) if (s.length >= MIN_FRAGMENT) out.add(s);
    } else if (node !== null && typeof node === 'object' && depth < 8) {
      for (const item of Object.values(node)) walk(item, depth + 1);
    }
  };
  walk(value, 0);
  return [...out].sort((a, b) => b.length - a.length);
}

/**
 * A function that scrubs text (an error message of a client given these
 * URLs) of every credential the URLs hold, then of any URL credential at all.
 *
 * @example const scrub = secretRedactor(redisUrl); logger.warn(scrub(error.message));
 */
export function secretRedactor(...urls: unknown[]): (text: string) => string {
  const secrets = urlSecrets(urls);
  return (text: string) => {
    let out = String(text);
    for (const secret of secrets) out = out.split(secret).join(REDACTED);
    return redactUrlCredentials(out);
  };
}
