import {
  Catch,
  UnauthorizedException,
  type ArgumentsHost,
  type ExceptionFilter,
} from '@nestjs/common';
import type { Request, Response } from 'express';
import { AdminShellService } from '../admin/admin-shell.service.js';
import { DemoAuthService } from './demo-auth.service.js';
import { loginPageBody } from './login-page.js';
import { safeNextPath, sameSiteRefererPath } from './safe-next-path.util.js';

/**
 * Pages: a browser without a session gets 401 with the sign-in form as body;
 * a browser's form post is redirected (303) to the sign-in page, which brings
 * it back to the page it came from; API clients (no `text/html` in Accept)
 * get Nest's usual JSON 401.
 */
@Catch(UnauthorizedException)
export class LoginRequiredFilter implements ExceptionFilter {
  constructor(
    private readonly shell: AdminShellService,
    private readonly auth: DemoAuthService,
  ) {}

  catch(exception: UnauthorizedException, host: ArgumentsHost): void {
    const http = host.switchToHttp();
    this.respond(http.getRequest<Request>(), http.getResponse<Response>(), exception);
  }

  /** The 401 answer: the sign-in page (or a redirect to it) for a browser, Nest's JSON body otherwise. */
  respond(req: Request, res: Response, exception: UnauthorizedException): void {
    if (req.accepts(['json', 'html']) !== 'html') {
      res.status(401).json(exception.getResponse());
      return;
    }
    if (req.method !== 'GET') {
      const back = sameSiteRefererPath(req, '/');
      res.redirect(303, `/auth/login?next=${encodeURIComponent(back)}`);
      return;
    }
    const next = safeNextPath(req.originalUrl);
    res
      .status(401)
      .type('html')
      .send(this.shell.render('Sign in', loginPageBody(this.auth.users(), next)));
  }
}
