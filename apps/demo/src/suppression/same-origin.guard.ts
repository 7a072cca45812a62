import {
  ForbiddenException,
  Injectable,
  type CanActivate,
  type ExecutionContext,
} from '@nestjs/common';
import type { Request } from 'express';

/**
 * Refuses a state-changing request another site's page sent: beyond the
 * SameSite=Lax session cookie, the browser's `Origin` (or `Sec-Fetch-Site`)
 * must name this host. Requests without either (curl, tests) pass.
 */
@Injectable()
export class SameOriginGuard implements CanActivate {
  canActivate(context: ExecutionContext): boolean {
    const req = context.switchToHttp().getRequest<Request>();
    const site = req.headers['sec-fetch-site'];
    if (site === 'cross-site' || site === 'same-site')
      throw new ForbiddenException('cross-site requests may not change the suppression list');
    const origin = req.headers.origin;
    if (origin && origin !== 'null') {
      let host: string | undefined;
      try {
        host = new URL(origin).host;
      } catch {
        host = undefined;
      }
      if (host !== req.headers.host)
        throw new ForbiddenException('cross-site requests may not change the suppression list');
    }
    return true;
  }
}
