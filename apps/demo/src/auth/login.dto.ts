import { IsIn, IsOptional, IsString } from 'class-validator';
import { DEMO_USERS } from './demo-users.js';

/** Body of `POST /auth/login` (JSON or form). */
export class LoginDto {
  @IsString()
  @IsIn(DEMO_USERS.map((u) => u.id), {
    message: 'user must be one of the demo users: $constraint1',
  })
  user!: string;

  /** Where to go after a form login; anything but a local path goes to `/` (`safeNextPath`). */
  @IsOptional()
  @IsString()
  next?: string;
}
