import { Injectable } from '@nestjs/common';
import type { RecipientLike } from './recipient.interface.js';
import type { RecipientResolver } from './recipient-resolver.interface.js';

/**
 * The resolver bound when the application gives none: every id is a user
 * with that id and no address, so `inbox` and `push` (by device token) reach
 * them, while `sms` and `mail` are recorded as skipped.
 */
@Injectable()
export class DefaultRecipientResolver implements RecipientResolver {
  async resolve(ids: readonly string[]): Promise<RecipientLike[]> {
    return ids.map((id) => ({ id }));
  }
}
