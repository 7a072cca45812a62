import { Type } from 'class-transformer';
import { IsIn, IsInt, IsOptional, IsString, Matches, Max, MaxLength, Min } from 'class-validator';
import { SUPPRESSION_CHANNELS, type SuppressionChannel } from '@herald/notification';
import { NoControlCharacters } from '../http/no-control-characters.decorator.js';

/** Query of `GET /admin/suppressions` and `/admin/suppressions.json`. */
export class SuppressionListQueryDto {
  @IsOptional()
  @IsIn([...SUPPRESSION_CHANNELS, ''], { message: 'channel must be one of $constraint1' })
  channel?: SuppressionChannel | '';

  @IsOptional()
  @IsString()
  @MaxLength(320)
  @NoControlCharacters()
  address?: string;

  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'limit must be an integer from 1 to 500' })
  @Min(1)
  @Max(500)
  limit?: number;

  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'offset must be a non-negative integer' })
  @Min(0)
  offset?: number;
}

/** Body of `POST /admin/suppressions` (JSON or the page's form): a manual entry. */
export class AddSuppressionDto {
  @IsIn(SUPPRESSION_CHANNELS, { message: 'channel must be one of $constraint1' })
  channel!: SuppressionChannel;

  @IsString()
  @MaxLength(320)
  @NoControlCharacters()
  address!: string;

  @IsOptional()
  @IsString()
  @MaxLength(255)
  @NoControlCharacters()
  category?: string;
}

/** Path of `POST /admin/suppressions/:id/lift`. */
export class SuppressionIdParamDto {
  @Matches(/^[0-9a-f]{64}$/, { message: 'id must be the 64-character hex id of an entry' })
  id!: string;
}
