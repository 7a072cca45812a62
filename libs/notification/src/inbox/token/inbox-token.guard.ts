import {
  Inject,
  Injectable,
  Optional,
  UnauthorizedException,
  type CanActivate,
  type ExecutionContext,
} from '@nestjs/common';
import { HeraldConfig, HeraldConfigError } from '@herald/contracts';
import { INBOX_TOKEN_OPTIONS, type InboxTokenOptions } from './inbox-token.constants.js';
import { InboxTokenError } from './inbox-token.error.js';
import { INBOX_TOKEN_MIN_SECRET_LENGTH, verifyInboxToken } from './inbox-token.util.js';

interface TokenRequest {
  headers: Record<string, string | string[] | undefined>;
  query?: Record<string, unknown>;
  user?: { id: string };
}

/**
 * The subscriber token of a request: `Authorization: Bearer <token>`, else
 * `?token=` (what an `EventSource` can send). `undefined` when there is none.
 */
export function inboxTokenOf(request: TokenRequest): string | undefined {
  const header = request.headers.authorization;
  if (typeof header === 'string' && header !== '') {
    const match = /^Bearer[ ]+(\S+)[ ]*$/i.exec(header);
    return match ? match[1] : '';
  }
  const query = request.query?.token;
  return typeof query === 'string' ? query : undefined;
}

/**
 * Lets a request in when it carries a valid subscriber token (`signInboxToken`)
 * and sets `request.user = { id }` to the token's user, so a page can only ever
 * read the inbox of the user the server signed for. Missing, malformed, forged
 * and expired tokens answer 401 (the reason, never the token). The secret comes
 * from `INBOX_TOKEN_OPTIONS`, else `notification.inbox.token_secret`; without
 * one the guard fails at bootstrap.
 */
@Injectable()
export class InboxTokenGuard implements CanActivate {
  private readonly secret: string;

  constructor(
    @Optional() @Inject(INBOX_TOKEN_OPTIONS) options?: InboxTokenOptions,
    @Optional() herald?: HeraldConfig,
  ) {
    const secret = options?.secret ?? herald?.notification?.inbox?.tokenSecret;
    if (typeof secret !== 'string' || secret.length < INBOX_TOKEN_MIN_SECRET_LENGTH) {
      throw new HeraldConfigError(
        [
          {
            path: options ? 'INBOX_TOKEN_OPTIONS.secret' : 'notification.inbox.token_secret',
            message: `InboxTokenGuard needs a secret of at least ${INBOX_TOKEN_MIN_SECRET_LENGTH} characters (${secret ? 'too short' : 'not set'}); set HERALD_NOTIFICATION__INBOX__TOKEN_SECRET or provide INBOX_TOKEN_OPTIONS`,
          },
        ],
        'Invalid inbox token setup',
      );
    }
    this.secret = secret;
  }

  canActivate(context: ExecutionContext): boolean {
    const request = context.switchToHttp().getRequest<TokenRequest>();
    const token = inboxTokenOf(request);
    if (!token) {
      throw new UnauthorizedException(
        token === ''
          ? 'The Authorization header must be "Bearer <inbox token>"'
          : 'An inbox token is required: send Authorization: Bearer <token> or ?token=',
      );
    }
    try {
      request.user = { id: verifyInboxToken(token, this.secret).userId };
      return true;
    } catch (error) {
      if (error instanceof InboxTokenError) throw new UnauthorizedException(error.message);
      throw error;
    }
  }
}
