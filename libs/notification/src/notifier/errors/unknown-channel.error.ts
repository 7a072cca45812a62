import { HeraldError } from '@herald/contracts';

/**
 * A notification's `via()` named a channel the notifier does not know:
 * neither `sms`, `push`, `mail`, `inbox` nor a custom channel given to
 * `NotifierModule.forRoot({ channels })`. Thrown by `notify()` before
 * anything is stored or enqueued.
 */
export class UnknownChannelError extends HeraldError {
  constructor(
    readonly channel: string,
    readonly notificationType: string,
    readonly known: readonly string[],
  ) {
    super(
      `${notificationType}.via() returned the channel ${JSON.stringify(channel)}, which is not registered ` +
        `(known: ${known.join(', ') || 'none'}); return one of those, or register a custom channel with ` +
        'NotifierModule.forRoot({}, { channels: [MyChannel] })',
      { code: 'HERALD_NOTIFIER_UNKNOWN_CHANNEL' },
    );
  }
}
