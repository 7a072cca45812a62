/** Push: channels, drivers and their factory. */
export { PushChannel } from './push-channel.js';
export type { PushProviderDriver, PushDriverResult } from './push-driver.interface.js';
export { createPushChannel, createPushDriver } from './create-push-channel.js';
export { FcmPushDriver, toFcmMessage } from './drivers/fcm/fcm-push.driver.js';
export { ApnsPushDriver, apnsHeaders, toApnsPayload } from './drivers/apns/apns-push.driver.js';
export { ApnsTokenProvider } from './drivers/apns/apns-token.provider.js';
export { WebPushDriver, type WebPushSubscription } from './drivers/webpush/webpush-push.driver.js';
export { LogPushDriver } from './drivers/log/log-push.driver.js';
