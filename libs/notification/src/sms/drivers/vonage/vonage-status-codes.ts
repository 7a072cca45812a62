import type { DeliveryFailureReason } from '../../../errors/delivery.error.js';

/**
 * The SMS API's per-message `status` codes (HTTP 200 answers) as Herald's
 * failure reasons: throttling and internal errors may be retried, the rest
 * are permanent. Codes not listed are `unknown` (retried).
 */
export const VONAGE_STATUS_REASONS: ReadonlyMap<string, DeliveryFailureReason> = new Map([
  ['1', 'rate_limited'], // Throttled
  ['2', 'bad_request'], // Missing Parameters
  ['3', 'bad_request'], // Invalid Parameters
  ['4', 'auth'], // Invalid Credentials
  ['5', 'provider_unavailable'], // Internal Error
  ['6', 'invalid_recipient'], // Invalid Message: unroutable
  ['7', 'invalid_recipient'], // Number Barred
  ['8', 'forbidden'], // Partner Account Barred
  ['9', 'forbidden'], // Partner Quota Violation: not enough credit
  ['10', 'rate_limited'], // Too Many Existing Binds
  ['11', 'forbidden'], // Account Not Enabled For HTTP
  ['12', 'payload_too_large'], // Message Too Long
  ['14', 'auth'], // Invalid Signature
  ['15', 'bad_request'], // Invalid Sender Address
  ['22', 'bad_request'], // Invalid Network Code
  ['23', 'bad_request'], // Invalid Callback Url
  ['29', 'invalid_recipient'], // Non-Whitelisted Destination (trial accounts)
  ['32', 'auth'], // Signature And API Secret Disallowed
  ['33', 'invalid_recipient'], // Number De-activated
]);

/** The failure reason of a Vonage `status` code. */
export function vonageFailureReason(status: string): DeliveryFailureReason {
  return VONAGE_STATUS_REASONS.get(status) ?? 'unknown';
}
