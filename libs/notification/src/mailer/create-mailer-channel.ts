import { MAIL_DRIVERS, type NamedMailerConfig } from '@herald/contracts';
import type { DeliveryTelemetry } from '../utils/delivery-telemetry.js';
import { unknownDriverError } from '../utils/unknown-driver-error.util.js';
import { LogMailDriver } from './drivers/log/log-mail.driver.js';
import { MailgunMailDriver } from './drivers/mailgun/mailgun-mail.driver.js';
import { PostmarkMailDriver } from './drivers/postmark/postmark-mail.driver.js';
import { ResendMailDriver } from './drivers/resend/resend-mail.driver.js';
import { SendgridMailDriver } from './drivers/sendgrid/sendgrid-mail.driver.js';
import { SesMailDriver } from './drivers/ses/ses-mail.driver.js';
import { SmtpMailDriver } from './drivers/smtp/smtp-mail.driver.js';
import type { MailProviderDriver } from './mail-driver.interface.js';
import { MailerChannel } from './mailer-channel.js';

/** Builds the driver a validated `NamedMailerConfig` names. */
export function createMailDriver(config: NamedMailerConfig): MailProviderDriver {
  switch (config.driver) {
    case 'smtp':
      return new SmtpMailDriver(config.name, config.smtp!);
    case 'sendgrid':
      return new SendgridMailDriver(config.name, config.sendgrid!);
    case 'ses':
      return new SesMailDriver(config.name, config.ses!);
    case 'postmark':
      return new PostmarkMailDriver(config.name, config.postmark!);
    case 'mailgun':
      return new MailgunMailDriver(config.name, config.mailgun!);
    case 'resend':
      return new ResendMailDriver(config.name, config.resend!);
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
