import { Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { DemoCsrfService, type WriteRequest } from './demo-csrf.service.js';

/**
 * The write rule of the sign-in routes, which have no user yet: a browser
 * request from another site (`Origin: null`, a foreign `Origin`,
 * `Sec-Fetch-Site: cross-site|same-site`) is refused with 403
 * (`DemoCsrfService.checkOrigin`), so no other site signs a browser in or out.
 */
@Injectable()
export class SameSiteWriteGuard implements CanActivate {
  constructor(private readonly csrf: DemoCsrfService) {}

  canActivate(context: ExecutionContext): boolean {
    this.csrf.checkOrigin(context.switchToHttp().getRequest<WriteRequest>());
    return true;
  }
}
