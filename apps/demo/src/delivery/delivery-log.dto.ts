import { IsIn, IsOptional, IsString, Matches, MaxLength } from 'class-validator';
import {
  DELIVERY_STATUSES,
  FEEDBACK_STATUSES,
  type DeliveryStatus,
  type FeedbackStatus,
} from '@herald/notification';
import { BoundedInt } from '../http/bounded-int.decorator.js';
import { NoControlCharacters } from '../http/no-control-characters.decorator.js';
import { DEMO_SCENARIOS } from './demo-backends.js';

/** Body of `POST /admin/deliveries/send` (JSON or the page's form). */
export class SendTestSmsDto {
  @IsOptional()
  @IsIn(Object.keys(DEMO_SCENARIOS), { message: 'scenario must be one of $constraint1' })
  scenario?: string;

  /** Recipient; the demo's test number when empty. */
  @IsOptional()
  @IsString()
  @MaxLength(32)
  @NoControlCharacters()
  to?: string;
}

/** Query of `GET /admin/deliveries.json`. */
export class DeliveryListQueryDto {
  @IsOptional()
  @IsIn(DELIVERY_STATUSES, { message: 'status must be one of $constraint1' })
  status?: DeliveryStatus;

  @IsOptional()
  @BoundedInt(1, 500)
  limit?: number;
}

/** Body of `POST /admin/deliveries/:id/feedback`: the provider report to play. */
export class SimulateFeedbackDto {
  @IsIn(FEEDBACK_STATUSES, { message: 'status must be one of $constraint1' })
  status!: FeedbackStatus;
}

/** Path of `POST /admin/deliveries/:id/feedback`. */
export class DeliveryIdParamDto {
  @Matches(/^[A-Za-z0-9_-]{1,64}$/, {
    message: 'id must be a delivery id (letters, digits, "_" and "-", at most 64)',
  })
  id!: string;
}
