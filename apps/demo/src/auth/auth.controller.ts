import {
  Body,
  Controller,
  Get,
  Header,
  HttpCode,
  Post,
  Query,
  Req,
  Res,
  UseGuards,
  UsePipes,
  ValidationPipe,
} from '@nestjs/common';
import type { Request, Response } from 'express';
import { AdminShellService } from '../admin/admin-shell.service.js';
import { DemoAuthService, SESSION_COOKIE } from './demo-auth.service.js';
import { LoginDto } from './login.dto.js';
import { loginPageBody } from './login-page.js';
import { safeNextPath } from './safe-next-path.util.js';
import { SameSiteWriteGuard } from './same-site-write.guard.js';

/** `GET /auth/login` (form), `POST /auth/login` (cookie + bearer token), `POST /auth/logout`. */
@Controller('auth')
@UsePipes(new ValidationPipe({ whitelist: true, forbidNonWhitelisted: true }))
export class AuthController {
  constructor(
    private readonly auth: DemoAuthService,
    private readonly shell: AdminShellService,
  ) {}

  @Get('login')
  @Header('Content-Type', 'text/html; charset=utf-8')
  form(@Query('next') next?: string): string {
    const safeNext = next === undefined ? undefined : safeNextPath(next);
    return this.shell.render('Sign in', loginPageBody(this.auth.users(), safeNext));
  }

  @Post('login')
  @UseGuards(SameSiteWriteGuard)
  @HttpCode(200)
  login(@Body() body: LoginDto, @Req() req: Request, @Res({ passthrough: true }) res: Response) {
    const token = this.auth.issue(body.user);
    res.cookie(SESSION_COOKIE, token, { httpOnly: true, sameSite: 'lax', path: '/' });
    if (req.is('application/x-www-form-urlencoded')) {
      // Only a path of this site: anything else (//evil, /\evil, javascript:, ...) lands on /.
      res.redirect(303, body.next === undefined ? '/admin/notifications' : safeNextPath(body.next));
      return;
    }
    return { token, token_type: 'Bearer', user: this.auth.findUser(body.user) };
  }

  @Post('logout')
  @UseGuards(SameSiteWriteGuard)
  @HttpCode(200)
  logout(@Req() req: Request, @Res({ passthrough: true }) res: Response) {
    res.clearCookie(SESSION_COOKIE, { path: '/' });
    if (req.is('application/x-www-form-urlencoded')) {
      res.redirect(303, '/');
      return;
    }
    return { signed_out: true };
  }
}
