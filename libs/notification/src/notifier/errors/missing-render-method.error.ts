import { HeraldError } from '@herald/contracts';

/**
 * A notification's `via()` named a channel the class cannot render: it has
 * neither the channel's method (`toSms`, `toPush`, `toMail`, `toInbox`,
 * `to<Name>` for a custom channel) nor `toChannel(name, recipient)`. Thrown
 * by `notify()` before anything is stored or enqueued.
 */
export class MissingRenderMethodError extends HeraldError {
  constructor(
    readonly channel: string,
    readonly notificationType: string,
    readonly method: string,
  ) {
    super(
      `${notificationType}.via() returned "${channel}", but ${notificationType} has no ${method}(recipient) ` +
        `method; add ${method}(recipient), or toChannel(channel, recipient), or remove "${channel}" from via()`,
      { code: 'HERALD_NOTIFIER_NO_RENDER_METHOD' },
    );
  }
}
