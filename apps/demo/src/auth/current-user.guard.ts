import {
  Inject,
  Injectable,
  UnauthorizedException,
  type CanActivate,
  type ExecutionContext,
} from '@nestjs/common';
import type { AdminViewer } from '@herald/contracts';
import { DemoCsrfService, type WriteRequest } from './demo-csrf.service.js';
import { requestCredential } from './request-credential.util.js';
import { USER_IDENTIFIER, type UserIdentifier } from './user-identifier.interface.js';

/** The 401 message of every admin route without a user. */
export const SIGN_IN_REQUIRED =
  'Sign in first: POST /auth/login with {"user":"alice"} for a token (Authorization: Bearer <token>) or a session cookie';

/** The 401 message of an `Authorization: Bearer` header that is not one token. */
export const MALFORMED_BEARER =
  'Authorization header is malformed: send exactly "Bearer <token>" (one token, no spaces), or no Authorization header to use the session cookie';

/** Where the guard leaves the identified user on the request. */
export const VIEWER_KEY = 'heraldViewer';

/** Methods that change nothing; every other method is a write. */
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * The one guard of every route that needs a user, reads and writes alike.
 * It decides once how the request signs in (`requestCredential`: a bearer
 * token, or the session cookie; a malformed `Authorization: Bearer` is 401,
 * never a fall-back to the cookie), lets it through only when
 * `USER_IDENTIFIER` knows its user (401 otherwise), and holds every write
 * to `DemoCsrfService.checkWrite`: no cross-site browser request, and a
 * cookie-signed write needs the CSRF token or a matching `Origin` (403).
 */
@Injectable()
export class CurrentUserGuard implements CanActivate {
  constructor(
    @Inject(USER_IDENTIFIER) private readonly identifier: UserIdentifier,
    private readonly csrf: DemoCsrfService,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context
      .switchToHttp()
      .getRequest<WriteRequest & { method: string } & Record<string, unknown>>();
    const credential = requestCredential(request.headers);
    if (credential.kind === 'malformed-bearer') throw new UnauthorizedException(MALFORMED_BEARER);
    const viewer = await this.identifier.identify(request);
    if (!viewer) {
      throw new UnauthorizedException(SIGN_IN_REQUIRED);
    }
    if (!SAFE_METHODS.has(request.method.toUpperCase())) {
      // A plugged-in identifier may read other credentials: anything but a bearer token is held to the cookie rule.
      this.csrf.checkWrite(request, viewer.id, credential.kind);
    }
    (request as Record<string, AdminViewer>)[VIEWER_KEY] = viewer;
    return true;
  }
}
