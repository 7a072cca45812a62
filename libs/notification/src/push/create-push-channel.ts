import { PUSH_DRIVERS, type NamedPushConfig } from '@herald/contracts';
import type { DeliveryTelemetry } from '../utils/delivery-telemetry.js';
import { unknownDriverError } from '../utils/unknown-driver-error.util.js';
import { ApnsPushDriver } from './drivers/apns/apns-push.driver.js';
import { FcmPushDriver } from './drivers/fcm/fcm-push.driver.js';
import { LogPushDriver } from './drivers/log/log-push.driver.js';
import { WebPushDriver } from './drivers/webpush/webpush-push.driver.js';
import { PushChannel } from './push-channel.js';
import type { PushProviderDriver } from './push-driver.interface.js';

/** Builds the driver a validated `NamedPushConfig` names. */
export function createPushDriver(config: NamedPushConfig): PushProviderDriver {
  switch (config.driver) {
    case 'fcm':
      return new FcmPushDriver(config.name, config.fcm!);
    case 'apns':
      return new ApnsPushDriver(config.name, config.apns!);
    case 'webpush':
      return new WebPushDriver(config.name, config.webpush!);
    case 'log':
      return new LogPushDriver(config.name);
    default:
      throw unknownDriverError('notification.push_backends', config, PUSH_DRIVERS);
  }
}

/** A named push channel from its config. */
export function createPushChannel(
  config: NamedPushConfig,
  telemetry: DeliveryTelemetry,
): PushChannel {
  return new PushChannel(config.name, createPushDriver(config), telemetry);
}
