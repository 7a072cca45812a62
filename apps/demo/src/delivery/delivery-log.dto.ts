import { Type } from 'class-transformer';
import { IsIn, IsInt, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';
import { DELIVERY_STATUSES, type DeliveryStatus } from '@herald/notification';
import { NoControlCharacters } from '../http/no-control-characters.decorator';
import { DEMO_SCENARIOS } from './demo-backends';

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
  @Type(() => Number)
  @IsInt({ message: 'limit must be an integer from 1 to 500' })
  @Min(1)
  @Max(500)
  limit?: number;
}
