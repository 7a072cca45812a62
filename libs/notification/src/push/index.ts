/** Push: channels, drivers and their factory. */
export type { PushChannel } from './push-channel.js';
export type { PushProviderDriver, PushDriverResult } from './push-driver.interface.js';
export { createPushChannel } from './create-push-channel.js';
export type { WebPushSubscription } from './drivers/webpush/webpush-push.driver.js';
export {
  assertPushPayloadSize,
  pushPayloadSizes,
  PUSH_PAYLOAD_LIMITS,
} from './push-payload-limit.util.js';
