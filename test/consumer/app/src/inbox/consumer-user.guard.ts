import { Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';

/**
 * Stands in for the app's authentication: signs in the user named by the
 * `x-consumer-user` header, as a real guard (Passport's `AuthGuard`) puts the
 * user it verified on `request.user`. Requests without the header stay anonymous.
 */
@Injectable()
export class ConsumerUserGuard implements CanActivate {
  canActivate(ctx: ExecutionContext): boolean {
    const req = ctx.switchToHttp().getRequest<{
      headers: Record<string, string | string[] | undefined>;
      user?: { id: string };
    }>();
    const name = req.headers['x-consumer-user'];
    if (typeof name === 'string' && name !== '') req.user = { id: name };
    return true;
  }
}
