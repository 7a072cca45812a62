import { MAIL_DRIVERS, type NamedMailerConfig } from '@herald/contracts';
import type { DeliveryTelemetry } from '../utils/delivery-telemetry';
import { unknownDriverError } from '../utils/unknown-driver-error.util';
import { LogMailDriver } from './drivers/log/log-mail.driver';
import { SendgridMailDriver } from './drivers/sendgrid/sendgrid-mail.driver';
import { SmtpMailDriver } from './drivers/smtp/smtp-mail.driver';
import type { MailProviderDriver } from './mail-driver.interface';
import { MailerChannel } from './mailer-channel';

/** Builds the driver a validated `NamedMailerConfig` names. */
export function createMailDriver(config: NamedMailerConfig): MailProviderDriver {
  switch (config.driver) {
    case 'smtp':
      return new SmtpMailDriver(config.name, config.smtp!);
    case 'sendgrid':
      return new SendgridMailDriver(config.name, config.sendgrid!);
    case 'log':
      return new LogMailDriver(config.name);
    default:
      throw unknownDriverError('notification.mailer.backends', config, MAIL_DRIVERS);
  }
}

/** A named mailer from its config; `from_email` / `from_name` become the default sender. */
export function createMailerChannel(
  config: NamedMailerConfig,
  telemetry: DeliveryTelemetry,
): MailerChannel {
  return new MailerChannel(config.name, createMailDriver(config), telemetry, {
    name: config.fromName,
    address: config.fromEmail,
  });
}
