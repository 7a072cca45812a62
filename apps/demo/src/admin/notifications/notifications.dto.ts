import { Transform } from 'class-transformer';
import {
  IsBoolean,
  IsNotEmpty,
  IsOptional,
  IsString,
  IsUUID,
  Matches,
  MaxLength,
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
}
