import { HeraldError } from '@herald/contracts';

/** Why a subscriber token was refused. `secret` is a setup problem (no usable secret), not the token's. */
export type InboxTokenErrorReason = 'malformed' | 'signature' | 'expired' | 'secret';

/**
 * A subscriber token that cannot be trusted (malformed, forged or signed with
 * another secret, expired), or a secret too weak to check one. The message says
 * which, never the token or the secret.
 */
export class InboxTokenError extends HeraldError {
  constructor(
    message: string,
    /** Why the token was refused. */
    readonly reason: InboxTokenErrorReason,
  ) {
    super(message, { code: `INBOX_TOKEN_${reason.toUpperCase()}` });
  }
}
