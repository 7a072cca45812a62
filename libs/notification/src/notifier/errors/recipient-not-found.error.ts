import { HeraldError } from '@herald/contracts';

/** The `RecipientResolver` knows nothing of some user ids given to `notify()`; nothing was sent. */
export class RecipientNotFoundError extends HeraldError {
  constructor(readonly ids: readonly string[]) {
    const shown = ids.slice(0, 5).map((id) => JSON.stringify(id));
    super(
      `notify(): the RecipientResolver found no user for ${shown.join(', ')}` +
        `${ids.length > 5 ? ` and ${ids.length - 5} more` : ''}; nothing was sent. ` +
        'Pass ids your resolver knows, or the user objects themselves',
      { code: 'HERALD_NOTIFIER_RECIPIENT_NOT_FOUND' },
    );
  }
}
