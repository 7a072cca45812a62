import { BadRequestException } from '@nestjs/common';
import type { FeedbackStatus } from '../../delivery/records/delivery-record.js';
import { providerId, providerText } from '../utils/webhook-fields.util.js';

/** What one SES event says about one sent message. */
export interface SesFeedback {
  /** `eventType` (configuration set) or `notificationType` (identity notifications). */
  event: string;
  /** The `MessageId` SES answered `SendEmail` with. */
  messageId: string;
  status: FeedbackStatus;
  reason?: string;
  occurredAt?: Date;
}

/** Latest time accepted: the last second of year 9999 (a valid `Date` in every store). */
const MAX_TIME = Date.UTC(9999, 11, 31, 23, 59, 59);

function object(value: unknown, field: string): Record<string, any> {
  if (!value || typeof value !== 'object' || Array.isArray(value))
    throw new BadRequestException(`"${field}" must be an object`);
  return value as Record<string, any>;
}

function time(value: unknown, field: string): Date | undefined {
  if (value === undefined || value === null) return undefined;
  const at = typeof value === 'string' && value.length <= 40 ? Date.parse(value) : NaN;
  if (!(at >= 0 && at <= MAX_TIME))
    throw new BadRequestException(
      `"${field}" must be an ISO 8601 time (got ${JSON.stringify(value)?.slice(0, 60)})`,
    );
  return new Date(at);
}

/** `Permanent/General: smtp; 550 5.1.1 user unknown`; a bounce that is not permanent reads as soft. */
function bounceReason(bounce: Record<string, any>): string {
  const type = providerText(bounce.bounceType, 'bounce.bounceType') ?? 'Undetermined';
  const sub = providerText(bounce.bounceSubType, 'bounce.bounceSubType');
  const first = Array.isArray(bounce.bouncedRecipients) ? bounce.bouncedRecipients[0] : undefined;
  const diagnostic =
    first && typeof first === 'object'
      ? providerText(first.diagnosticCode, 'bounce.bouncedRecipients[0].diagnosticCode')
      : undefined;
  // the suppression list reads "transient" / "soft" as a soft bounce (isHardBounce)
  const kind = type === 'Permanent' || type === 'Transient' ? type : `${type} (soft)`;
  return [`${kind}${sub ? `/${sub}` : ''}`, diagnostic].filter(Boolean).join(': ');
}

/**
 * The feedback in an SES event (the `Message` of an SNS notification from a
 * configuration set's event destination, or from identity notifications):
 * `Bounce` → `bounced` (a `Permanent` one suppresses, `Transient` only
 * records), `Complaint` → `complained`, `Delivery` → `delivered`, `Reject` and
 * `Rendering Failure` → `failed`. Other events (`Send`, `Open`, ...) are
 * `undefined`. A message that is not an SES event object is 400.
 */
export function sesFeedbackOf(message: string): SesFeedback | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(message);
  } catch {
    throw new BadRequestException('"Message" must be the JSON of an SES event');
  }
  const event = object(parsed, 'Message');
  const name = event.eventType ?? event.notificationType;
  if (typeof name !== 'string')
    throw new BadRequestException(
      '"Message" must carry an SES "eventType" (or "notificationType")',
    );
  const mail = object(event.mail, 'mail');
  const messageId = providerId(mail.messageId, 'mail.messageId');
  if (!messageId) throw new BadRequestException('"mail.messageId" must be a non-empty string');
  switch (name) {
    case 'Bounce': {
      const bounce = object(event.bounce, 'bounce');
      return {
        event: name,
        messageId,
        status: 'bounced',
        reason: bounceReason(bounce),
        occurredAt: time(bounce.timestamp, 'bounce.timestamp'),
      };
    }
    case 'Complaint': {
      const complaint = object(event.complaint, 'complaint');
      return {
        event: name,
        messageId,
        status: 'complained',
        reason:
          providerText(complaint.complaintFeedbackType, 'complaint.complaintFeedbackType') ??
          'complaint',
        occurredAt: time(complaint.timestamp, 'complaint.timestamp'),
      };
    }
    case 'Delivery': {
      const delivery = object(event.delivery, 'delivery');
      return {
        event: name,
        messageId,
        status: 'delivered',
        reason: providerText(delivery.smtpResponse, 'delivery.smtpResponse'),
        occurredAt: time(delivery.timestamp, 'delivery.timestamp'),
      };
    }
    case 'Reject':
      return {
        event: name,
        messageId,
        status: 'failed',
        reason: `Reject: ${providerText(event.reject?.reason, 'reject.reason') ?? 'rejected by SES'}`,
      };
    case 'Rendering Failure':
      return {
        event: name,
        messageId,
        status: 'failed',
        reason: `Rendering Failure: ${providerText(event.failure?.errorMessage, 'failure.errorMessage') ?? 'template rendering failed'}`,
      };
    default:
      return undefined;
  }
}
