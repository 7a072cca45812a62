import { createParamDecorator, UnauthorizedException, type ExecutionContext } from '@nestjs/common';

/**
 * The id of the signed-in user, read from `request.user` where your auth guard
 * put it (as Passport's `AuthGuard` does). Without a user the route answers
 * 401, so a controller that lost its guard never serves somebody's data.
 */
export const CurrentUser = createParamDecorator((_data: unknown, ctx: ExecutionContext): string => {
  const id = ctx.switchToHttp().getRequest<{ user?: { id?: unknown } }>().user?.id;
  if ((typeof id !== 'string' && typeof id !== 'number') || id === '') {
    throw new UnauthorizedException('Sign in first: this route needs the signed-in user');
  }
  return String(id);
});
