import { HeraldError } from '@herald/contracts';
import { DeliveryError } from '../errors/delivery.error.js';

/**
 * Whatever a driver threw, as a `DeliveryError` naming the channel and backend.
 * Herald's own errors (a missing optional package, bad configuration) will not
 * heal with a retry, so they become permanent `bad_request`s; anything else
 * unexpected is `unknown` (transient).
 */
export function ensureDeliveryError(
  error: unknown,
  channel: 'sms' | 'push' | 'mail' | (string & {}),
  backend: string,
): DeliveryError {
  if (error instanceof DeliveryError) return error;
  return new DeliveryError(
    `${channel} delivery through backend "${backend}" failed: ${(error as Error)?.message ?? String(error)}`,
    {
      reason: error instanceof HeraldError ? 'bad_request' : 'unknown',
      channel,
      backend,
      cause: error,
    },
  );
}
