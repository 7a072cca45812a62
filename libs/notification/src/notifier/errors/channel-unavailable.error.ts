import { HeraldError } from '@herald/contracts';

/**
 * A notification's `via()` named a built-in channel that has no backend in
 * this application (`sms` without `notification.sms_backends`, `mail`
 * without `MailerModule`, `inbox` without `InboxService`...). Thrown by
 * `notify()` before anything is stored or enqueued.
 */
export class ChannelUnavailableError extends HeraldError {
  constructor(
    readonly channel: string,
    readonly notificationType: string,
    howToFix: string,
  ) {
    super(
      `${notificationType}.via() returned the channel "${channel}", but it has no backend: ${howToFix}`,
      { code: 'HERALD_NOTIFIER_CHANNEL_UNAVAILABLE' },
    );
  }
}
