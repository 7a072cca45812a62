import { describeUrl } from '@herald/contracts/internal';
import { HeraldValueError } from '../errors/herald-value.error.js';

/** How Herald authenticates to Alertmanager (or to the proxy in front of it). */
export interface AlertmanagerAuthOptions {
  /** Basic-auth user name (with `password`). */
  username?: string;
  /** Basic-auth password; never logged. */
  password?: string;
  /** Sent as `Authorization: Bearer <token>`; never logged. Not with `username`/`password`. */
  bearerToken?: string;
}

/** Where alerts are posted and the `Authorization` header that goes with them. */
export interface AlertmanagerTarget {
  /** `<base>/api/v2/alerts`, without credentials. */
  endpoint: string;
  authorization?: string;
}

const set = (value: unknown): value is string => typeof value === 'string' && value !== '';

function decoded(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/**
 * The endpoint and `Authorization` of an Alertmanager base URL: credentials in
 * the URL (`https://user:pass@am:9093`) become basic auth and leave the URL
 * (fetch refuses URLs with credentials); `username`/`password` give basic
 * auth, `bearerToken` a bearer token. Mixing two of these, or a URL that is
 * not an absolute http(s) URL, is a `HeraldValueError` whose message shows
 * the URL without its credentials.
 */
export function resolveAlertmanagerTarget(
  url: unknown,
  auth: AlertmanagerAuthOptions = {},
): AlertmanagerTarget {
  let parsed: URL | undefined;
  try {
    parsed = typeof url === 'string' && !/\s/.test(url) ? new URL(url) : undefined;
  } catch {
    parsed = undefined;
  }
  if (!parsed || (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') || !parsed.hostname)
    throw new HeraldValueError(
      `Invalid Alertmanager URL ${describeUrl(url)}: use an absolute http:// or https:// URL such as http://alertmanager:9093, with credentials in alertmanager_username/alertmanager_password or alertmanager_bearer_token.`,
      { code: 'HERALD_ALERTMANAGER_URL_INVALID' },
    );
  const inUrl = parsed.username !== '' || parsed.password !== '';
  const basic = set(auth.username) || set(auth.password);
  const bearer = set(auth.bearerToken);
  if ((basic && bearer) || (inUrl && (basic || bearer)))
    throw new HeraldValueError(
      `Alertmanager at ${describeUrl(url)} is given two kinds of credentials (${[inUrl && 'user:password@ in the URL', basic && 'username/password', bearer && 'a bearer token'].filter(Boolean).join(', ')}): keep one.`,
      { code: 'HERALD_ALERTMANAGER_AUTH_CONFLICT' },
    );
  let authorization: string | undefined;
  if (inUrl || basic) {
    const user = inUrl ? decoded(parsed.username) : (auth.username ?? '');
    const password = inUrl ? decoded(parsed.password) : (auth.password ?? '');
    authorization = `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;
  } else if (bearer) {
    authorization = `Bearer ${auth.bearerToken}`;
  }
  parsed.username = '';
  parsed.password = '';
  const endpoint = `${parsed.href.replace(/\/+$/, '')}/api/v2/alerts`;
  return { endpoint, authorization };
}
