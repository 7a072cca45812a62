import { IsOptional, IsString, MaxLength } from 'class-validator';
import { NoControlCharacters } from '../http/no-control-characters.decorator.js';

/*
 * Bodies of the /channels send routes (JSON or the page's forms). They check
 * types and sizes; what a recipient or header may contain is the channel's
 * own validation (E.164 numbers, addresses, CR/LF in headers), answered 400.
 */

/** `POST /channels/sms`. */
export class SendSmsDto {
  @IsString()
  @MaxLength(32)
  @NoControlCharacters()
  to!: string;

  @IsString()
  @MaxLength(1600)
  @NoControlCharacters({ allowLineBreaks: true })
  body!: string;
}

/** `POST /channels/push`. */
export class SendPushDto {
  @IsString()
  @MaxLength(4096)
  @NoControlCharacters()
  token!: string;

  @IsOptional()
  @IsString()
  @MaxLength(200)
  @NoControlCharacters()
  title?: string;

  @IsOptional()
  @IsString()
  @MaxLength(4000)
  @NoControlCharacters({ allowLineBreaks: true })
  body?: string;
}

/** `POST /channels/email`. */
export class SendEmailDto {
  @IsString()
  @MaxLength(320)
  to!: string;

  /** Line breaks pass here so that the mailer itself refuses header injection, with its message. */
  @IsString()
  @MaxLength(998)
  @NoControlCharacters({ allowLineBreaks: true })
  subject!: string;

  @IsOptional()
  @IsString()
  @MaxLength(50_000)
  @NoControlCharacters({ allowLineBreaks: true })
  html?: string;
}
