import { Transform, Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsBoolean,
  IsIn,
  IsISO8601,
  IsNotEmpty,
  IsObject,
  IsOptional,
  IsString,
  IsUUID,
  Matches,
  MaxLength,
  MinLength,
  ValidateNested,
} from 'class-validator';
import { BoundedInt } from '../../http/bounded-int.decorator.js';
import { NoControlCharacters } from '../../http/no-control-characters.decorator.js';

/** `:message_id` of `POST /admin/notifications/read/:message_id`. */
export class MessageIdParamDto {
  @IsUUID('all', {
    message: 'message_id must be a UUID such as 0193a3c4-5e6f-7a8b-9c0d-1e2f3a4b5c6d',
  })
  message_id!: string;
}

/** Query of `GET /admin/notifications/inbox`. */
export class InboxQueryDto {
  @IsOptional()
  @BoundedInt(1, 1000)
  limit?: number;

  /** Opaque: the inbox library decodes it, and `InboxExceptionFilter` answers a bad one with 400. */
  @IsOptional()
  @IsString()
  @MaxLength(200)
  cursor?: string;

  @IsOptional()
  @Transform(({ value }) =>
    value === 'true' || value === '1' ? true : value === 'false' || value === '0' ? false : value,
  )
  @IsBoolean({ message: 'unread_only must be true or false' })
  unread_only?: boolean;
}

/** Body of `POST /admin/notifications/send` (JSON or the page's form). */
export class SendMessageDto {
  /** Recipient; defaults to the signed-in user. */
  @IsOptional()
  @IsString()
  @IsNotEmpty()
  @MaxLength(255)
  @NoControlCharacters()
  user_id?: string;

  @IsString()
  @Matches(/\S/, { message: 'title must not be blank' })
  @MaxLength(500)
  @NoControlCharacters()
  title!: string;

  @IsOptional()
  @IsString()
  @MaxLength(20000)
  @NoControlCharacters({ allowLineBreaks: true })
  body?: string;

  @IsOptional()
  @IsString()
  @MaxLength(100)
  @NoControlCharacters()
  category?: string;

  @IsOptional()
  @IsString()
  @MaxLength(2000)
  @NoControlCharacters()
  @Matches(/^(\/(?!\/)|https?:\/\/)/, {
    message: 'action_url must be a local path or an http(s) URL',
  })
  action_url?: string;

  @IsOptional()
  @IsArray({ message: 'tags must be a list' })
  @ArrayMaxSize(10, { message: 'tags must list at most 10 tags' })
  @IsString({ each: true, message: 'each tag must be a string' })
  @MinLength(1, { each: true, message: 'each tag must be 1 to 64 characters' })
  @MaxLength(64, { each: true, message: 'each tag must be 1 to 64 characters' })
  @NoControlCharacters({}, { each: true })
  tags?: string[];

  @IsOptional()
  @IsIn(['low', 'normal', 'high', 'critical'], {
    message: 'severity must be one of low, normal, high, critical',
  })
  severity?: 'low' | 'normal' | 'high' | 'critical';

  /** At most two buttons: the first primary, the second secondary. */
  @IsOptional()
  @IsArray({ message: 'actions must be a list' })
  @ArrayMaxSize(2, { message: 'actions must list at most 2 buttons' })
  @ValidateNested({ each: true })
  @Type(() => SendActionDto)
  actions?: SendActionDto[];
}

const STATUSES = ['inbox', 'archived', 'snoozed', 'all'] as const;
const SEVERITIES = ['low', 'normal', 'high', 'critical'] as const;
const toBoolean = ({ value }: { value: unknown }) =>
  value === 'true' || value === '1' ? true : value === 'false' || value === '0' ? false : value;
/** `"a,b"` (query) → `['a', 'b']`; a repeated parameter or JSON list stays a list. */
const toList = ({ value }: { value: unknown }) =>
  typeof value === 'string' ? value.split(',') : value;

/** `:message_id` and `:action_id` of `POST messages/:message_id/actions/:action_id`. */
export class ActionParamsDto extends MessageIdParamDto {
  @Matches(/^[A-Za-z0-9_.:-]{1,64}$/, {
    message: 'action_id must be 1 to 64 of A-Z a-z 0-9 _ . : -',
  })
  action_id!: string;
}

/** `FilterJson` of the inbox contract: which messages (a tab). */
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
  @IsString({ each: true, message: 'each tag must be a string' })
  @MinLength(1, { each: true, message: 'each tag must be 1 to 64 characters' })
  @MaxLength(64, { each: true, message: 'each tag must be 1 to 64 characters' })
  @NoControlCharacters({}, { each: true })
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

/** Query of `GET /admin/notifications/inbox`: a page of one tab. */
export class InboxPageQueryDto extends FilterDto {
  @IsOptional()
  @BoundedInt(1, 1000)
  limit?: number;

  /** Opaque: the inbox library decodes it, and `InboxExceptionFilter` answers a bad one with 400. */
  @IsOptional()
  @IsString()
  @MaxLength(200)
  cursor?: string;

  @IsOptional()
  @Transform(toBoolean)
  @IsBoolean({ message: 'unread_only must be true or false' })
  unread_only?: boolean;
}

/** Body of `POST counts`: `{ tabs: { [tabId]: FilterJson } }` (checked by `InboxService.counts`, 400 naming `tabs.<id>.<field>`). */
export class CountsBodyDto {
  @IsObject({ message: 'tabs must be an object { [tabId]: filter }' })
  tabs!: Record<string, FilterDto>;
}

/** Body of `POST bulk/{seen,read,archive}`. */
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
  @MaxLength(40)
  until!: string;
}

/** Body of `PUT preferences`. */
export class InboxPreferenceDto {
  @IsString({ message: 'category must be a string' })
  @IsNotEmpty({ message: 'category must not be empty' })
  @MaxLength(100)
  @NoControlCharacters()
  category!: string;

  @IsString({ message: 'channel must be a string' })
  @IsNotEmpty({ message: 'channel must not be empty' })
  @MaxLength(50)
  @NoControlCharacters()
  channel!: string;

  @IsBoolean({ message: 'enabled must be true or false' })
  enabled!: boolean;
}

/** One action button of `POST send`: `{ label, url }` or `{ label, action_id }`. */
export class SendActionDto {
  @IsString()
  @IsNotEmpty()
  @MaxLength(80)
  @NoControlCharacters()
  label!: string;

  @IsOptional()
  @IsString()
  @MaxLength(2000)
  @NoControlCharacters()
  @Matches(/^(\/(?!\/)|https?:\/\/)/, { message: 'url must be a local path or an http(s) URL' })
  url?: string;

  @IsOptional()
  @Matches(/^[A-Za-z0-9_.:-]{1,64}$/, {
    message: 'action_id must be 1 to 64 of A-Z a-z 0-9 _ . : -',
  })
  action_id?: string;
}

/** A body with no fields (`POST token`: the token is for the signed-in user, never a named one). */
export class EmptyBodyDto {}
