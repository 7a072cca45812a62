import { Module } from '@nestjs/common';
import { AdminShellModule } from '../admin/admin-shell.module.js';
import { AuthController } from './auth.controller.js';
import { CurrentUserGuard } from './current-user.guard.js';
import { DemoAuthService } from './demo-auth.service.js';
import { DemoCsrfService } from './demo-csrf.service.js';
import { LoginRequiredFilter } from './login-required.filter.js';
import { SameSiteWriteGuard } from './same-site-write.guard.js';
import { USER_IDENTIFIER } from './user-identifier.interface.js';

/** The demo's pluggable login: override `USER_IDENTIFIER` to plug in a real one. */
@Module({
  imports: [AdminShellModule],
  controllers: [AuthController],
  providers: [
    DemoAuthService,
    { provide: USER_IDENTIFIER, useExisting: DemoAuthService },
    DemoCsrfService,
    CurrentUserGuard,
    SameSiteWriteGuard,
    LoginRequiredFilter,
  ],
  exports: [
    DemoAuthService,
    USER_IDENTIFIER,
    DemoCsrfService,
    CurrentUserGuard,
    SameSiteWriteGuard,
    LoginRequiredFilter,
  ],
})
export class AuthModule {}
