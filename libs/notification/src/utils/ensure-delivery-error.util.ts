import { DeliveryError } from '../errors/delivery.error';

/** Whatever a driver threw, as a `DeliveryError` naming the channel and backend. */
export function ensureDeliveryError(
  error: unknown,
  channel: 'sms' | 'push' | 'email',
  backend: string,
): DeliveryError {
  if (error instanceof DeliveryError) return error;
  return new DeliveryError(
    `${channel} delivery through backend "${backend}" failed: ${(error as Error)?.message ?? String(error)}`,
    { reason: 'unknown', channel, backend, cause: error },
  );
}
