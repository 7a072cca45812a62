import { HeraldError } from '@herald/contracts';

/**
 * A push message whose payload is over a provider's limit (APNs and FCM: 4096
 * bytes), found when the notification is rendered, before anything is stored
 * or sent. `provider` is the first limit it breaks; shorten the title, body or
 * `data`, or send a link to fetch the rest.
 */
export class PushPayloadTooLargeError extends HeraldError {
  constructor(
    readonly provider: 'apns' | 'fcm',
    readonly bytes: number,
    readonly limit: number,
    readonly notificationType?: string,
  ) {
    super(
      `${notificationType ? `${notificationType}.toPush(): ` : ''}the ${provider === 'apns' ? 'APNs' : 'FCM'} payload is ${bytes} bytes, over its limit of ${limit}; shorten title, body or data`,
      { code: 'HERALD_PUSH_PAYLOAD_TOO_LARGE' },
    );
  }
}
