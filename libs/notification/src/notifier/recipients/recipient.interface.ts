/**
 * Someone to notify, as the application knows them: a user object (entity,
 * DTO) whose fields the notifier reads, or what a `RecipientResolver`
 * answers for a user id. Other fields are the application's own; the
 * notification's `via()` and `to<Channel>()` methods receive the whole object.
 * `userId`, `phoneNumber` and `timezone` are read too, as aliases.
 */
export interface RecipientLike {
  /** The user id: inbox messages and device tokens belong to it. */
  id?: string | number;
  email?: string;
  /** Display name, used with the email address. */
  name?: string;
  /** E.164 phone number for SMS (`phoneNumber` is read too). */
  phone?: string;
  locale?: string;
  /** Where the `chat` channel reaches them: a Slack user or channel id, a Telegram chat id. */
  chatId?: string;
  /** IANA time zone such as `Europe/Paris` (`timezone` is read too). */
  timeZone?: string;
  /** Per-channel addresses that win over the fields above (`{ sms: '+1...', slack: '#ops' }`). */
  routes?: Record<string, string>;
}

/**
 * What the notifier keeps of a recipient (JSON): the fields it routes by.
 * Scheduled and deferred dispatches, gates and custom channels see this.
 */
export interface RecipientProfile {
  id?: string;
  email?: string;
  name?: string;
  phone?: string;
  /** The `chat` address (`chatId` of the recipient). */
  chat?: string;
  locale?: string;
  timeZone?: string;
  routes?: Record<string, string>;
}

/**
 * What `notify()` accepts as one recipient: a user id (resolved by the
 * `RecipientResolver`), a user object (read as a `RecipientLike`), or
 * `Notifier.route(...)`.
 */
export type NotifyTarget = string | RecipientLike | object;
