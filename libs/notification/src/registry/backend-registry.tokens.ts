/**
 * Tokens of the backend registries (`NamedBackendRegistry`), public: inject
 * one to pick a backend by a name known only at run time.
 */

/** `NamedBackendRegistry<SMSChannelProtocol>` of `NotificationModule`. */
export const SMS_BACKEND_REGISTRY: unique symbol = Symbol.for('herald:SMS_BACKEND_REGISTRY') as any;
/** `NamedBackendRegistry<PushChannelProtocol>` of `NotificationModule`. */
export const PUSH_BACKEND_REGISTRY: unique symbol = Symbol.for(
  'herald:PUSH_BACKEND_REGISTRY',
) as any;
/** `NamedBackendRegistry<ChatChannelProtocol>` of `NotificationModule`. */
export const CHAT_BACKEND_REGISTRY: unique symbol = Symbol.for(
  'herald:CHAT_BACKEND_REGISTRY',
) as any;
/** `NamedBackendRegistry<MailerProtocol>` of `MailerModule`. */
export const MAIL_BACKEND_REGISTRY: unique symbol = Symbol.for(
  'herald:MAIL_BACKEND_REGISTRY',
) as any;
