import type { PushMessage } from '@herald/contracts';
import { PushPayloadTooLargeError } from '../errors/push-payload-too-large.error.js';
import { toApnsPayload } from './drivers/apns/apns-push.driver.js';

/** The payload limits of the providers, in bytes of UTF-8 JSON. */
export const PUSH_PAYLOAD_LIMITS = { apns: 4096, fcm: 4096 } as const;

type PushContent = Omit<PushMessage, 'token' | 'idempotencyKey'>;

/**
 * The size of a push message's payload as each provider counts it: the APNs
 * JSON (`aps` plus the data keys) and the FCM `notification` and `data`.
 */
export function pushPayloadSizes(message: PushContent): { apns: number; fcm: number } {
  const apns = Buffer.byteLength(
    JSON.stringify(toApnsPayload(Object.assign({}, message, { token: '' }))),
  );
  const fcmPayload: Record<string, unknown> = {};
  if (message.title !== undefined || message.body !== undefined)
    fcmPayload.notification = { title: message.title, body: message.body };
  if (message.data) fcmPayload.data = message.data;
  return { apns, fcm: Buffer.byteLength(JSON.stringify(fcmPayload)) };
}

/** Throws a `PushPayloadTooLargeError` when the payload is over the APNs or FCM limit. */
export function assertPushPayloadSize(message: PushContent, notificationType?: string): void {
  const sizes = pushPayloadSizes(message);
  for (const provider of ['apns', 'fcm'] as const) {
    if (sizes[provider] > PUSH_PAYLOAD_LIMITS[provider])
      throw new PushPayloadTooLargeError(
        provider,
        sizes[provider],
        PUSH_PAYLOAD_LIMITS[provider],
        notificationType,
      );
  }
}
