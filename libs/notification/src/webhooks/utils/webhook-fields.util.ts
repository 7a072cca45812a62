import { BadRequestException } from '@nestjs/common';
import { MAX_PROVIDER_ID_LENGTH, MAX_PROVIDER_TEXT_LENGTH } from '../webhooks.constants.js';

// eslint-disable-next-line no-control-regex
const ANY_CONTROL = /[\u0000-\u001f\u007f]/;
// free text may hold tabs and line breaks (multi-line SMTP replies), never NUL or other controls
// eslint-disable-next-line no-control-regex
const BAD_IN_TEXT = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

/**
 * A provider id or address (`MessageSid`, `From`, `sg_message_id`, ...):
 * absent, or a string of at most `MAX_PROVIDER_ID_LENGTH` characters without
 * control characters; else 400 naming `field`.
 */
export function providerId(value: unknown, field: string): string | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  if (typeof value !== 'string')
    throw new BadRequestException(`"${field}" must be a string (got ${typeof value})`);
  if (value.length > MAX_PROVIDER_ID_LENGTH)
    throw new BadRequestException(
      `"${field}" must be at most ${MAX_PROVIDER_ID_LENGTH} characters (got ${value.length})`,
    );
  if (ANY_CONTROL.test(value))
    throw new BadRequestException(
      `"${field}" must not contain control characters (NUL, line breaks)`,
    );
  return value;
}

/**
 * A provider's free text (Twilio `ErrorCode`, SendGrid `reason`): absent, or a
 * string without NUL or control characters other than tab and line breaks
 * (else 400 naming `field`), cut to `MAX_PROVIDER_TEXT_LENGTH` characters.
 */
export function providerText(value: unknown, field: string): string | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  if (typeof value !== 'string')
    throw new BadRequestException(`"${field}" must be a string (got ${typeof value})`);
  if (BAD_IN_TEXT.test(value))
    throw new BadRequestException(
      `"${field}" must not contain NUL or control characters other than tab and line breaks`,
    );
  return value.length > MAX_PROVIDER_TEXT_LENGTH ? value.slice(0, MAX_PROVIDER_TEXT_LENGTH) : value;
}
