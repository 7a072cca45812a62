import { NotifyArgumentError } from '../errors/notify-argument.error.js';
import { RecipientNotFoundError } from '../errors/recipient-not-found.error.js';
import type { NotifyTarget } from '../recipients/recipient.interface.js';
import type { RecipientResolver } from '../recipients/recipient-resolver.interface.js';

/**
 * First stage: the people a `notify()` reaches, as recipient objects in the
 * order given. A user id goes through the `RecipientResolver` (all ids of the
 * call in one `resolve`); a user object or an on-demand route
 * (`Notifier.route(...)`) is taken as it is. Anything else, or an unknown id,
 * is a typed error before anything is planned or stored.
 *
 * Each kind of target is told apart in `kindOf`: a new kind (a topic, whose
 * subscribers are read from its store) is one more case there and one more
 * way to produce recipients in `run`.
 */
export class ResolveRecipientsStage {
  constructor(private readonly resolver: RecipientResolver) {}

  async run(targets: readonly NotifyTarget[]): Promise<object[]> {
    const ids: string[] = [];
    targets.forEach((target, i) => {
      if (kindOf(target, i) === 'user-id') ids.push(target as string);
    });
    if (ids.length === 0) return targets as object[];
    const found = await this.resolver.resolve(ids);
    const byId = new Map<string, object>();
    const missing: string[] = [];
    ids.forEach((id, i) => {
      const recipient = found[i];
      if (!recipient || typeof recipient !== 'object') missing.push(id);
      else if (!('id' in recipient) && !('userId' in recipient))
        byId.set(id, { ...recipient, id }); // the id it was asked for is the user id
      else byId.set(id, recipient);
    });
    if (missing.length > 0) throw new RecipientNotFoundError(missing);
    return targets.map((t) => (typeof t === 'string' ? byId.get(t)! : t));
  }
}

/** `user-id` (resolved) or `recipient` (a user object or a route, read as it is); typed errors otherwise. */
function kindOf(target: NotifyTarget, i: number): 'user-id' | 'recipient' {
  if (typeof target === 'string') {
    if (target.trim() === '')
      throw new NotifyArgumentError(`recipients[${i}]`, 'is an empty user id');
    return 'user-id';
  }
  if (!target || typeof target !== 'object' || Array.isArray(target)) {
    throw new NotifyArgumentError(
      `recipients[${i}]`,
      `must be a user id, a user object or Notifier.route(...) (got ${target === null ? 'null' : Array.isArray(target) ? 'an array' : typeof target})`,
    );
  }
  return 'recipient';
}
