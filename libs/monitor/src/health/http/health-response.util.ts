import { HealthStatus, type HealthCheckResultLike } from '@herald/contracts';
import { HealthCheckResult } from '../health-check-result.js';

/** The health endpoint's body: `{ status, timestamp, checks? }` (timestamp in epoch seconds). */
export function healthResponseBody(
  status: HealthStatus,
  checks: Record<string, HealthCheckResultLike>,
  includeDetails: boolean,
): { status: HealthStatus; timestamp: number; checks?: Record<string, unknown> } {
  const timestamp = Date.now() / 1000;
  if (!includeDetails) return { status, timestamp };
  const out: Record<string, unknown> = {};
  for (const name in checks) {
    const r = checks[name] as HealthCheckResultLike & { toDict?: () => object };
    out[name] = typeof r.toDict === 'function' ? r.toDict() : r;
  }
  return { status, timestamp, checks: out };
}

/**
 * The same body as `healthResponseBody()`, already serialised: exactly the text
 * `JSON.stringify(healthResponseBody(status, checks, includeDetails))` gives,
 * built for less. The JSON of each `HealthCheckResult` is kept with it and
 * reused while its fields are unchanged, so a result answered from the runner's
 * cache is serialised once, not on every probe (its `details` are its own copy,
 * taken when the check ended: change them by replacing `details`, not inside).
 * Send it as `application/json`; a Nest controller returns it as a string
 * after `res.type('json')` or a `Content-Type` header.
 *
 * @example
 * res.status(httpStatusFor(status)).setHeader('Content-Type', 'application/json; charset=utf-8');
 * return healthResponseJson(status, checks, true);
 */
export function healthResponseJson(
  status: HealthStatus,
  checks: Record<string, HealthCheckResultLike>,
  includeDetails: boolean,
): string {
  const quoted = QUOTED.get(status);
  // an unexpected status (not one of HealthStatus): JSON.stringify of the whole body is the reference
  if (quoted === undefined)
    return JSON.stringify(healthResponseBody(status, checks, includeDetails));
  const head = `{"status":${quoted},"timestamp":${Date.now() / 1000}`;
  if (!includeDetails) return `${head}}`;
  let body = '';
  for (const name in checks) {
    const r = checks[name] as HealthCheckResultLike & { toDict?: () => object };
    if (name === '__proto__') return JSON.stringify(healthResponseBody(status, checks, true));
    let member: string;
    if (r instanceof HealthCheckResult) member = memberJson(name, r);
    else if (typeof r.toDict === 'function') {
      member = `${JSON.stringify(name)}:${JSON.stringify(r.toDict())}`;
    } else {
      // a plain result-like object: JSON.stringify of the whole body is the reference
      return JSON.stringify(healthResponseBody(status, checks, true));
    }
    body = body === '' ? member : `${body},${member}`;
  }
  return `${head},"checks":{${body}}}`;
}

/** `"healthy"` and the like, quoted once. */
const QUOTED = new Map<unknown, string>(
  Object.values(HealthStatus).map((s) => [s, JSON.stringify(s)]),
);

/** `"key":{...result}` with what it was made from, to tell when it is out of date. */
interface Serialised {
  readonly json: string;
  readonly key: string;
  readonly name: string;
  readonly status: HealthStatus;
  readonly message: string | undefined;
  readonly details: Record<string, unknown> | undefined;
  readonly durationMs: number;
  readonly timestamp: number;
  readonly critical: boolean;
  readonly category: string | undefined;
}

const serialised = new WeakMap<HealthCheckResult, Serialised>();
const baseToDict = HealthCheckResult.prototype.toDict;

/** `"key":` then `JSON.stringify(r.toDict())`, reused while the key and the result's fields are the same. */
function memberJson(key: string, r: HealthCheckResult): string {
  if (r.toDict !== baseToDict) return `${JSON.stringify(key)}:${JSON.stringify(r.toDict())}`;
  const s = serialised.get(r);
  if (
    s !== undefined &&
    s.key === key &&
    s.name === r.name &&
    s.status === r.status &&
    s.message === r.message &&
    s.details === r.details &&
    s.durationMs === r.durationMs &&
    s.timestamp === r.timestamp &&
    s.critical === r.critical &&
    s.category === r.category
  ) {
    return s.json;
  }
  const json = `${JSON.stringify(key)}:${JSON.stringify(r.toDict())}`;
  serialised.set(r, {
    json,
    key,
    name: r.name,
    status: r.status,
    message: r.message,
    details: r.details,
    durationMs: r.durationMs,
    timestamp: r.timestamp,
    critical: r.critical,
    category: r.category,
  });
  return json;
}
