import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { AdminViewer } from '@herald/contracts';
import { VIEWER_KEY } from './current-user.guard.js';

/** The user `CurrentUserGuard` identified. */
export const CurrentUser = createParamDecorator(
  (_: unknown, context: ExecutionContext): AdminViewer =>
    context.switchToHttp().getRequest<Record<string, AdminViewer>>()[VIEWER_KEY],
);
