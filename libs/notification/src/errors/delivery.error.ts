import { HeraldError } from '@herald/contracts';

/** Why a delivery failed; `permanent` reasons are never retried. */
export type DeliveryFailureReason =
  | 'bad_request'
  | 'invalid_recipient'
  | 'dead_token'
  | 'auth'
  | 'forbidden'
  | 'payload_too_large'
  | 'rate_limited'
  | 'provider_unavailable'
  | 'timeout'
  | 'connection'
  | 'circuit_open'
  | 'suppressed'
  | 'unknown';

const PERMANENT: ReadonlySet<DeliveryFailureReason> = new Set([
  'bad_request',
  'invalid_recipient',
  'dead_token',
  'auth',
  'forbidden',
  'payload_too_large',
  'suppressed',
]);

export interface DeliveryErrorOptions {
  reason: DeliveryFailureReason;
  /** `sms`, `push`, `email`, or a notifier channel (`inbox`, a custom one). */
  channel?: 'sms' | 'push' | 'mail' | 'chat' | (string & {});
  backend?: string;
  /** HTTP status, or SMTP reply code. */
  statusCode?: number;
  /** The provider's own error code (Twilio `code`, FCM `errorCode`, APNs `reason`...). */
  providerCode?: string;
  /** How long the provider asked us to wait (`Retry-After`), in milliseconds. */
  retryAfterMs?: number;
  cause?: unknown;
}

/**
 * The one error every driver failure becomes. `permanent` (bad request,
 * invalid recipient, dead token, auth) must not be retried; `transient` (429,
 * 5xx, timeouts, connection errors, SMTP 4xx) may be, after `retryAfterMs`
 * when the provider sent one.
 */
export class DeliveryError extends HeraldError {
  readonly reason: DeliveryFailureReason;
  readonly permanent: boolean;
  readonly channel?: 'sms' | 'push' | 'mail' | 'chat' | (string & {});
  readonly backend?: string;
  readonly statusCode?: number;
  readonly providerCode?: string;
  readonly retryAfterMs?: number;

  constructor(message: string, options: DeliveryErrorOptions) {
    super(message, {
      code: `HERALD_DELIVERY_${options.reason.toUpperCase()}`,
      cause: options.cause,
    });
    this.reason = options.reason;
    this.permanent = PERMANENT.has(options.reason);
    this.channel = options.channel;
    this.backend = options.backend;
    this.statusCode = options.statusCode;
    this.providerCode = options.providerCode;
    this.retryAfterMs = options.retryAfterMs;
  }

  get transient(): boolean {
    return !this.permanent;
  }

  /** True for a `DeliveryError` that may be retried. Anything else is not a delivery failure we understand. */
  static isTransient(error: unknown): error is DeliveryError {
    return error instanceof DeliveryError && error.transient;
  }

  /** The usual mapping of an HTTP status to a reason (drivers refine it with the provider's codes). */
  static reasonForHttpStatus(status: number): DeliveryFailureReason {
    if (status === 400 || status === 422) return 'bad_request';
    if (status === 401) return 'auth';
    if (status === 403) return 'forbidden';
    if (status === 404 || status === 410) return 'dead_token';
    if (status === 413) return 'payload_too_large';
    if (status === 408) return 'timeout';
    if (status === 429) return 'rate_limited';
    if (status >= 500) return 'provider_unavailable';
    return 'unknown';
  }
}

/**
 * `Retry-After` as milliseconds: either delta-seconds or an HTTP date.
 * Returns `undefined` for a missing or unreadable header.
 */
export function parseRetryAfter(
  header: string | null | undefined,
  now = Date.now(),
): number | undefined {
  if (header === null || header === undefined || header.trim() === '') return undefined;
  const trimmed = header.trim();
  if (/^\d+(\.\d+)?$/.test(trimmed)) return Math.round(Number(trimmed) * 1000);
  const date = Date.parse(trimmed);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}
