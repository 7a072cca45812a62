import type { RecipientLike } from './recipient.interface.js';

/**
 * Maps the application's user ids to people the notifier can reach. The
 * application implements it (a users table, a directory service) and gives
 * it to `NotifierModule.forRoot({}, { resolver: UsersRecipientResolver })`;
 * it is bound under `RECIPIENT_RESOLVER`. `notify('user-42', ...)` asks it;
 * user objects passed to `notify()` are read directly.
 *
 * The default resolver answers `{ id }` for every id: enough for the inbox
 * and for push (device tokens are looked up by user id), not for SMS or mail.
 *
 * @example
 * @Injectable()
 * class UsersRecipientResolver implements RecipientResolver {
 *   constructor(private readonly users: UsersService) {}
 *   async resolve(ids: readonly string[]) {
 *     const found = await this.users.findByIds(ids);
 *     return ids.map((id) => found.find((u) => u.id === id));
 *   }
 * }
 */
export interface RecipientResolver {
  /**
   * The recipients of `ids`, in the same order; `undefined` for an unknown
   * id (`notify()` then throws `RecipientNotFoundError`). Called once per
   * `notify()` with every id of the call.
   */
  resolve(ids: readonly string[]): Promise<ReadonlyArray<RecipientLike | object | undefined>>;
}
