/** Push: channels, drivers and their factory. */
export { PushChannel } from './push-channel';
export type { PushProviderDriver, PushDriverResult } from './push-driver.interface';
export { createPushChannel, createPushDriver } from './create-push-channel';
export { LogPushDriver } from './drivers/log/log-push.driver';
