/** `@herald/notification/mailer`: email backends, the `Mailable` builder and `MailerModule`. */
export { MailerModule } from './mailer.module';
export type { MailerConfigInput, MailerModuleExtras } from './mailer.module-definition';
export { NamedBackendRegistry, MAIL_BACKEND_REGISTRY } from '../registry';
export { Mailable } from './mailable';
export { MailerChannel } from './mailer-channel';
export type { MailProviderDriver, MailDriverResult } from './mail-driver.interface';
export { createMailerChannel, createMailDriver } from './create-mailer-channel';
export { SmtpMailDriver } from './drivers/smtp/smtp-mail.driver';
export { SendgridMailDriver } from './drivers/sendgrid/sendgrid-mail.driver';
export { LogMailDriver } from './drivers/log/log-mail.driver';
export { assertSendableMail, EMAIL_PATTERN } from './mail-validation.util';
export { MailTemplateRenderer } from './mail-template.renderer';
export { RetryingMailer, type RetryingMailerOptions } from './retrying-mailer';
