import { Module } from '@nestjs/common';
import { AdminShellModule } from '../admin/admin-shell.module';
import { AuthController } from './auth.controller';
import { CurrentUserGuard } from './current-user.guard';
import { DemoAuthService } from './demo-auth.service';
import { LoginRequiredFilter } from './login-required.filter';
import { USER_IDENTIFIER } from './user-identifier.interface';

/** The demo's pluggable login: override `USER_IDENTIFIER` to plug in a real one. */
@Module({
  imports: [AdminShellModule],
  controllers: [AuthController],
  providers: [
    DemoAuthService,
    { provide: USER_IDENTIFIER, useExisting: DemoAuthService },
    CurrentUserGuard,
    LoginRequiredFilter,
  ],
  exports: [DemoAuthService, USER_IDENTIFIER, CurrentUserGuard, LoginRequiredFilter],
})
export class AuthModule {}
