/** `@herald/notification/mailer`: email backends, the `Mailable` builder and `MailerModule`. */
export { MailerModule } from './mailer.module.js';
export type { MailerConfigInput, MailerModuleExtras } from './mailer.module-definition.js';
export { NamedBackendRegistry, MAIL_BACKEND_REGISTRY } from '../registry/index.js';
export { Mailable } from './mailable.js';
export type { ReactEmailElement } from './react-email.renderer.js';
export { MailerChannel } from './mailer-channel.js';
export type { MailProviderDriver, MailDriverResult } from './mail-driver.interface.js';
export { createMailerChannel } from './create-mailer-channel.js';
export { RetryingMailer, type RetryingMailerOptions } from './retrying-mailer.js';
export { MAIL_UNSUBSCRIBED_EVENT, type MailUnsubscribedEvent } from './mail-unsubscribe.events.js';
