import type { NamedPushConfig } from '@herald/contracts';
import type { DeliveryTelemetry } from '../utils/delivery-telemetry';
import { LogPushDriver } from './drivers/log/log-push.driver';
import { PushChannel } from './push-channel';
import type { PushProviderDriver } from './push-driver.interface';

/** Builds the driver a validated `NamedPushConfig` names. */
export function createPushDriver(config: NamedPushConfig): PushProviderDriver {
  switch (config.driver) {
    case 'log':
      return new LogPushDriver(config.name);
    default:
      throw new TypeError(
        `Unknown push driver "${String(config.driver)}" for backend "${config.name}"; use fcm, apns, webpush or log`,
      );
  }
}

/** A named push channel from its config. */
export function createPushChannel(
  config: NamedPushConfig,
  telemetry: DeliveryTelemetry,
): PushChannel {
  return new PushChannel(config.name, createPushDriver(config), telemetry);
}
