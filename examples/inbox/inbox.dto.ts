import { Transform, Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsBoolean,
  IsIn,
  IsISO8601,
  IsInt,
  IsObject,
  IsOptional,
  IsString,
  IsUUID,
  Matches,
  Max,
  MaxLength,
  Min,
  ValidateBy,
  ValidateNested,
} from 'class-validator';
import { findControlCharacter } from '@herald/notification/inbox';

const STATUSES = ['inbox', 'archived', 'snoozed', 'all'] as const;
const SEVERITIES = ['low', 'normal', 'high', 'critical'] as const;

/** Text without control characters (the inbox's own rule, `findControlCharacter`). */
const NoControlCharacters = (message: string, each = false) =>
  ValidateBy(
    {
      name: 'noControlCharacters',
      validator: {
        validate: (value: unknown) =>
          typeof value === 'string' && value !== '' && findControlCharacter(value) === -1,
        defaultMessage: () => message,
      },
    },
    { each },
  );

/** `"true"`/`"false"` (query) or a JSON boolean; anything else is left for `@IsBoolean` to refuse. */
const toBoolean = ({ value }: { value: unknown }) =>
  value === 'true' ? true : value === 'false' ? false : value;
/** `"a,b"` → `['a', 'b']`; a repeated parameter or a non-string is left as is, to be refused. */
const toList = ({ value }: { value: unknown }) =>
  typeof value === 'string' ? value.split(',') : value;

/** `:message_id` of the message routes. */
export class MessageIdParams {
  @IsUUID('all', {
    message: 'message_id must be a UUID such as 0193a3c4-5e6f-7a8b-9c0d-1e2f3a4b5c6d',
  })
  message_id!: string;
}

/** `:message_id` and `:action_id` of `POST messages/:message_id/actions/:action_id`. */
export class ActionParams extends MessageIdParams {
  @Matches(/^[A-Za-z0-9_.:-]{1,64}$/, {
    message: 'action_id must be 1 to 64 of A-Z a-z 0-9 _ . : -',
  })
  action_id!: string;
}

/** Which messages (a tab): `FilterJson` of the contract. */
export class FilterDto {
  @IsOptional()
  @IsIn(STATUSES, { message: `status must be one of ${STATUSES.join(', ')}` })
  status?: (typeof STATUSES)[number];

  @IsOptional()
  @Transform(toBoolean)
  @IsBoolean({ message: 'read must be true or false' })
  read?: boolean;

  @IsOptional()
  @Transform(toBoolean)
  @IsBoolean({ message: 'seen must be true or false' })
  seen?: boolean;

  @IsOptional()
  @Transform(toList)
  @IsArray({ message: 'tags must be a list (comma separated in a query)' })
  @ArrayMaxSize(10, { message: 'tags must list at most 10 tags' })
  @MaxLength(64, {
    each: true,
    message: 'each tag must be 1 to 64 characters without control characters',
  })
  @NoControlCharacters('each tag must be 1 to 64 characters without control characters', true)
  tags?: string[];

  @IsOptional()
  @Transform(toList)
  @IsArray({ message: 'severity must be a list (comma separated in a query)' })
  @ArrayMaxSize(4, { message: 'severity must list at most 4 values' })
  @IsIn(SEVERITIES, {
    each: true,
    message: `each severity must be one of ${SEVERITIES.join(', ')}`,
  })
  severity?: Array<(typeof SEVERITIES)[number]>;
}

/** Query of `GET inbox`: a page of one tab. Lists (`tags`, `severity`) are comma separated. */
export class InboxQueryDto extends FilterDto {
  @IsOptional()
  @Transform(({ value }) =>
    typeof value === 'string' && /^\d{1,4}$/.test(value) ? Number(value) : value,
  )
  @IsInt({ message: 'limit must be an integer from 1 to 1000' })
  @Min(1, { message: 'limit must be an integer from 1 to 1000' })
  @Max(1000, { message: 'limit must be an integer from 1 to 1000' })
  limit?: number;

  @IsOptional()
  @IsString({ message: 'cursor must be a string' })
  @MaxLength(500)
  cursor?: string;

  @IsOptional()
  @Transform(toBoolean)
  @IsBoolean({ message: 'unread_only must be true or false' })
  unread_only?: boolean;
}

/** Body of `POST counts`: `{ tabs: { [tabId]: FilterJson } }` (1–20 tabs; checked by `InboxService.counts`). */
export class CountsBodyDto {
  @IsObject({ message: 'tabs must be an object { [tabId]: filter }' })
  tabs!: Record<string, FilterDto>;
}

/** Body of `POST bulk/{seen,read,archive}`: the tab whose messages change (default: the inbox). */
export class BulkBodyDto {
  @IsOptional()
  @IsObject({ message: 'filter must be an object' })
  @ValidateNested()
  @Type(() => FilterDto)
  filter?: FilterDto;
}

/** Body of `POST messages/:message_id/snooze`. */
export class SnoozeBodyDto {
  @IsISO8601(
    { strict: true },
    { message: 'until must be an ISO-8601 time such as 2030-01-01T09:00:00Z' },
  )
  until!: string;
}

/** Body of `PUT preferences`: one category × channel on or off. */
export class PreferenceBodyDto {
  @IsString({ message: 'category must be a string' })
  @MaxLength(100)
  @NoControlCharacters('category must not be empty or contain control characters')
  category!: string;

  @IsString({ message: 'channel must be a string' })
  @MaxLength(50)
  @NoControlCharacters('channel must not be empty or contain control characters')
  channel!: string;

  @IsBoolean({ message: 'enabled must be true or false' })
  enabled!: boolean;
}
