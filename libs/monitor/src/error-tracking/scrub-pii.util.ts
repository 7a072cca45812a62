import { isSecretKey } from '@herald/contracts/internal';

const EMAIL = /[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}/g;
const PII_HEADERS = new Set([
  'cookie',
  'set-cookie',
  'authorization',
  'proxy-authorization',
  'x-forwarded-for',
  'x-real-ip',
  'forwarded',
]);
export const EMAIL_REPLACEMENT = '[email]';

/** Replaces e-mail addresses in a string. */
export function scrubEmails(text: string): string {
  return text.replace(EMAIL, EMAIL_REPLACEMENT);
}

function scrubDeep(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return scrubEmails(value);
  if (depth > 8 || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((item) => scrubDeep(item, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [key, child] of Object.entries(value)) out[key] = scrubDeep(child, depth + 1);
  return out;
}

/** The Sentry event fields this scrubber touches. */
export interface ScrubbableEvent {
  user?: Record<string, unknown>;
  request?: {
    headers?: Record<string, string>;
    cookies?: unknown;
    env?: Record<string, unknown>;
    url?: string;
    query_string?: unknown;
    data?: unknown;
  };
  [key: string]: unknown;
}

/**
 * What `send_default_pii: false` guarantees before an event leaves the
 * process: no user IP or e-mail, no cookies, no auth or forwarding headers
 * (nor any header whose name looks secret), no `REMOTE_ADDR`, and e-mail
 * addresses masked in messages, exception values, breadcrumbs, extras and
 * request data.
 */
export function scrubPii<T extends ScrubbableEvent>(event: T): T {
  const { user, request, ...rest } = event;
  const out = scrubDeep(rest) as T;
  if (user) {
    const kept = Object.fromEntries(
      Object.entries(user).filter(([key]) => !['ip_address', 'email', 'username'].includes(key)),
    );
    if (Object.keys(kept).length > 0) out.user = kept;
  }
  if (request) {
    const { cookies: _cookies, env, headers, ...req } = request;
    const cleaned = scrubDeep(req) as NonNullable<T['request']>;
    if (headers) {
      cleaned.headers = Object.fromEntries(
        Object.entries(headers).filter(
          ([name]) => !PII_HEADERS.has(name.toLowerCase()) && !isSecretKey(name),
        ),
      );
    }
    if (env) {
      const { REMOTE_ADDR: _ip, ...keep } = env;
      if (Object.keys(keep).length > 0) cleaned.env = keep;
    }
    out.request = cleaned;
  }
  return out;
}
