import { Type } from 'class-transformer';
import { IsIn, IsInt, IsOptional, Max, Min } from 'class-validator';
import { DEMO_USERS } from '../auth/demo-users.js';

/** Body of `POST /admin/deliveries/notify` (JSON or the page's form). */
export class NotifyDemoUserDto {
  /** Whom to notify; the signed-in user when absent. */
  @IsOptional()
  @IsIn(DEMO_USERS.map((u) => u.id), { message: 'user must be one of $constraint1' })
  user?: string;
}

/** Query of `GET /admin/deliveries/notifications.json`. */
export class NotificationLogQueryDto {
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'limit must be an integer from 1 to 100' })
  @Min(1)
  @Max(100)
  limit?: number;
}
