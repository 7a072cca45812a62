/** Push: channels, drivers and their factory. */
export { PushChannel } from './push-channel';
export type { PushProviderDriver, PushDriverResult } from './push-driver.interface';
export { createPushChannel, createPushDriver } from './create-push-channel';
export { FcmPushDriver, toFcmMessage } from './drivers/fcm/fcm-push.driver';
export { ApnsPushDriver, apnsHeaders, toApnsPayload } from './drivers/apns/apns-push.driver';
export { ApnsTokenProvider } from './drivers/apns/apns-token.provider';
export { WebPushDriver, type WebPushSubscription } from './drivers/webpush/webpush-push.driver';
export { LogPushDriver } from './drivers/log/log-push.driver';
