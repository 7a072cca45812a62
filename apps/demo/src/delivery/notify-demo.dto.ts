import { IsIn, IsOptional } from 'class-validator';
import { DEMO_USERS } from '../auth/demo-users.js';
import { BoundedInt } from '../http/bounded-int.decorator.js';

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
  @BoundedInt(1, 100)
  limit?: number;
}
