import { DeliveryError } from '../../errors/delivery.error.js';

/** Provider answers that mean "this device token is gone" beyond the `dead_token` reason. */
const DEAD_TOKEN_CODES = new Set(['UNREGISTERED', 'Unregistered', 'BadDeviceToken']);

/**
 * Why a failed push says its token is dead (FCM `UNREGISTERED`, APNs 410
 * `Unregistered` or `BadDeviceToken`, Web Push 404/410), or `undefined` when
 * the failure is about something else.
 */
export function deadTokenReason(error: unknown): string | undefined {
  if (!(error instanceof DeliveryError)) return undefined;
  const code = error.providerCode;
  if (error.reason !== 'dead_token' && !(code && DEAD_TOKEN_CODES.has(code))) return undefined;
  return code ?? (error.statusCode ? `HTTP ${error.statusCode}` : error.reason);
}
