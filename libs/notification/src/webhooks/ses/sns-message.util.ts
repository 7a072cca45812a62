import { BadRequestException } from '@nestjs/common';
import { providerId } from '../utils/webhook-fields.util.js';
import type { SnsMessage, SnsMessageType } from './sns-signature.util.js';

const TYPES: readonly SnsMessageType[] = [
  'Notification',
  'SubscriptionConfirmation',
  'UnsubscribeConfirmation',
];

/** Longest SNS `Message` accepted (SNS caps messages at 256 KB). */
const MAX_MESSAGE_LENGTH = 256 * 1024;

/** A string field SNS always sends: 400 naming it when it is missing or not a string. */
function required(fields: Record<string, unknown>, name: string, max = 2048): string {
  const value = fields[name];
  if (typeof value !== 'string' || value === '')
    throw new BadRequestException(`"${name}" must be a non-empty string`);
  if (value.length > max)
    throw new BadRequestException(
      `"${name}" must be at most ${max} characters (got ${value.length})`,
    );
  return value;
}

/** A signature field as sent, or '' when it is not a short string. */
function optional(value: unknown): string {
  return typeof value === 'string' && value.length <= 2048 ? value : '';
}

/**
 * The SNS message in a raw body, its fields checked (400 naming the field):
 * a JSON object with a known `Type` and the strings that type carries.
 */
export function parseSnsMessage(raw: Buffer): SnsMessage {
  let body: unknown;
  try {
    body = JSON.parse(raw.toString('utf8'));
  } catch {
    throw new BadRequestException('the body is not JSON');
  }
  if (!body || typeof body !== 'object' || Array.isArray(body))
    throw new BadRequestException('the body must be an SNS message (a JSON object)');
  const fields = body as Record<string, unknown>;
  const type = fields.Type;
  if (typeof type !== 'string' || !TYPES.includes(type as SnsMessageType))
    throw new BadRequestException(
      `"Type" must be one of ${TYPES.join(', ')} (got ${JSON.stringify(type)?.slice(0, 60)})`,
    );
  const message: SnsMessage = {
    Type: type as SnsMessageType,
    MessageId: providerId(required(fields, 'MessageId'), 'MessageId')!,
    TopicArn: providerId(required(fields, 'TopicArn'), 'TopicArn')!,
    Message: required(fields, 'Message', MAX_MESSAGE_LENGTH),
    Timestamp: providerId(required(fields, 'Timestamp'), 'Timestamp')!,
    // missing or malformed signature fields are refused (403) by the signature check
    SignatureVersion: optional(fields.SignatureVersion),
    Signature: optional(fields.Signature),
    SigningCertURL: optional(fields.SigningCertURL),
  };
  if (fields.Subject !== undefined && fields.Subject !== null) {
    if (typeof fields.Subject !== 'string')
      throw new BadRequestException('"Subject" must be a string');
    message.Subject = fields.Subject;
  }
  if (message.Type !== 'Notification') {
    message.Token = required(fields, 'Token');
    message.SubscribeURL = required(fields, 'SubscribeURL');
  }
  return message;
}
