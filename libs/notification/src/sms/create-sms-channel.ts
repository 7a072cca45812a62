import { SMS_DRIVERS, type NamedSMSConfig } from '@herald/contracts';
import type { DeliveryTelemetry } from '../utils/delivery-telemetry.js';
import { unknownDriverError } from '../utils/unknown-driver-error.util.js';
import { LogSmsDriver } from './drivers/log/log-sms.driver.js';
import { TwilioSmsDriver } from './drivers/twilio/twilio-sms.driver.js';
import { VonageSmsDriver } from './drivers/vonage/vonage-sms.driver.js';
import { SmsChannel } from './sms-channel.js';
import type { SmsProviderDriver } from './sms-driver.interface.js';

/** Builds the driver a validated `NamedSMSConfig` names. */
export function createSmsDriver(config: NamedSMSConfig): SmsProviderDriver {
  switch (config.driver) {
    case 'twilio':
      return new TwilioSmsDriver(config.name, config.twilio!);
    case 'vonage':
      return new VonageSmsDriver(config.name, config.vonage!);
    case 'log':
      return new LogSmsDriver(config.name, config.twilio?.fromNumber);
    default:
      throw unknownDriverError('notification.sms_backends', config, SMS_DRIVERS);
  }
}

/** A named SMS channel from its config. */
export function createSmsChannel(config: NamedSMSConfig, telemetry: DeliveryTelemetry): SmsChannel {
  return new SmsChannel(config.name, createSmsDriver(config), telemetry);
}
