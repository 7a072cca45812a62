import { Inject, Injectable, UnauthorizedException, type NestMiddleware } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';
import { SIGN_IN_REQUIRED } from '../auth/current-user.guard.js';
import { LoginRequiredFilter } from '../auth/login-required.filter.js';
import { USER_IDENTIFIER, type UserIdentifier } from '../auth/user-identifier.interface.js';
import { AdminShellService } from './admin-shell.service.js';

/**
 * Mounts every page an `@AdminContributor()` offers (`pages()`) at its own
 * path, inside the shell's layout, for a signed-in user: a library adds an
 * admin page without the application writing a controller for it. Paths no
 * contributor serves go on to the application's routes.
 */
@Injectable()
export class AdminPagesMiddleware implements NestMiddleware {
  constructor(
    private readonly shell: AdminShellService,
    @Inject(USER_IDENTIFIER) private readonly identifier: UserIdentifier,
    private readonly loginRequired: LoginRequiredFilter,
  ) {}

  async use(req: Request, res: Response, next: NextFunction): Promise<void> {
    const path = req.originalUrl.split('?')[0].replace(/(.)\/+$/, '$1');
    const page = this.shell.findPage(path);
    if (!page) return next();
    try {
      const viewer = await this.identifier.identify(req);
      if (!viewer) {
        this.loginRequired.respond(req, res, new UnauthorizedException(SIGN_IN_REQUIRED));
        return;
      }
      const query = Object.fromEntries(
        Object.entries(req.query).map(([k, v]) => [k, typeof v === 'string' ? v : undefined]),
      );
      res.type('html').send(await this.shell.renderPage(page, viewer, query));
    } catch (error) {
      next(error);
    }
  }
}
