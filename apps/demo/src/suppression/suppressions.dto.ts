import { IsIn, IsOptional, IsString, Matches, MaxLength } from 'class-validator';
import { SUPPRESSION_CHANNELS, type SuppressionChannel } from '@herald/notification';
import { BoundedInt } from '../http/bounded-int.decorator.js';
import { NoControlCharacters } from '../http/no-control-characters.decorator.js';

/** Largest `offset` of the suppression list (a page further on is filtered for, not paged to). */
export const MAX_OFFSET = 1_000_000;

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
  @BoundedInt(1, 500)
  limit?: number;

  /** Bounded so that it never overflows PostgreSQL's `bigint` `OFFSET`. */
  @IsOptional()
  @BoundedInt(0, MAX_OFFSET)
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
