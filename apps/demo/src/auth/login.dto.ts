import { IsIn, IsOptional, IsString, Matches } from 'class-validator';
import { DEMO_USERS } from './demo-users';

/** Body of `POST /auth/login` (JSON or form). */
export class LoginDto {
  @IsString()
  @IsIn(DEMO_USERS.map((u) => u.id), {
    message: 'user must be one of the demo users: $constraint1',
  })
  user!: string;

  /** Where to go after a form login; a local path only. */
  @IsOptional()
  @IsString()
  @Matches(/^\/(?!\/)[^\s]*$/, {
    message: 'next must be a local path such as /admin/notifications',
  })
  next?: string;
}
