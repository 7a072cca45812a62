import {
  Inject,
  Injectable,
  UnauthorizedException,
  type CanActivate,
  type ExecutionContext,
} from '@nestjs/common';
import type { AdminViewer } from '@herald/contracts';
import { USER_IDENTIFIER, type UserIdentifier } from './user-identifier.interface.js';

/** The 401 message of every admin route without a user. */
export const SIGN_IN_REQUIRED =
  'Sign in first: POST /auth/login with {"user":"alice"} for a token (Authorization: Bearer <token>) or a session cookie';

/** Where the guard leaves the identified user on the request. */
export const VIEWER_KEY = 'heraldViewer';

/** Lets a request through only when `USER_IDENTIFIER` knows its user; 401 otherwise. */
@Injectable()
export class CurrentUserGuard implements CanActivate {
  constructor(@Inject(USER_IDENTIFIER) private readonly identifier: UserIdentifier) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<Record<string, unknown>>();
    const viewer = await this.identifier.identify(request as never);
    if (!viewer) {
      throw new UnauthorizedException(SIGN_IN_REQUIRED);
    }
    (request as Record<string, AdminViewer>)[VIEWER_KEY] = viewer;
    return true;
  }
}
