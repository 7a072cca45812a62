import { inspect } from 'node:util';
import type { SmsEncoding } from '../../sms/sms-segments.util.js';
import { maskRecipient } from '../../utils/mask.util.js';
import { normalizeChannel } from './normalize-channel.util.js';

/**
 * Where a delivery stands. `sent`, `failed` (permanent error) and `dead`
 * (retries exhausted) are final for the sender; so are the outcomes of a
 * delivery the notifier decided not to send: `skipped` (no address for the
 * channel), `suppressed` (a gate said no: preference, suppression list),
 * `throttled` (over a rate limit) and `digested` (folded into a digest).
 * Provider feedback (status webhooks) moves a `sent` record on to
 * `delivered`, `bounced`, `failed` or `complained` (see `FeedbackStatus`).
 */
export type DeliveryStatus =
  | 'queued'
  | 'sending'
  | 'sent'
  | 'retrying'
  | 'failed'
  | 'dead'
  | 'delivered'
  | 'bounced'
  | 'complained'
  | NotSentStatus;
/**
 * What a provider reports after accepting a message: `delivered` (reached the
 * handset or the mailbox), `bounced` (the mailbox refused it), `failed` (the
 * carrier or provider could not deliver it, e.g. Twilio `undelivered`) and
 * `complained` (the recipient marked it as spam).
 *
 * Order, from best to worst: `sent` < `delivered` < `failed` = `bounced` <
 * `complained`. A record only moves forward in this order, so a late or
 * repeated event never undoes a worse one: `delivered` after `bounced` is
 * ignored, `complained` after `delivered`, `bounced` or `failed` is applied.
 */
export type FeedbackStatus = 'delivered' | 'bounced' | 'failed' | 'complained';
/** Final statuses of deliveries that never reach a provider. */
export type NotSentStatus = 'skipped' | 'suppressed' | 'throttled' | 'digested';
/**
 * The channel of a record: `sms`, `push`, `mail`, `inbox` (the notifier's
 * in-app channel) or the name of a custom notifier channel. `email` is accepted
 * as input (queries, registrations) and read as `mail`.
 */
export type DeliveryChannel = ProviderChannel | 'inbox' | (string & {});
/** The channels whose backends are configured providers (`sms_backends`, `push_backends`, `mailer`). */
export type ProviderChannel = 'sms' | 'push' | 'mail' | 'chat';

export const NOT_SENT_STATUSES: readonly NotSentStatus[] = [
  'skipped',
  'suppressed',
  'throttled',
  'digested',
];
export const DELIVERY_STATUSES: readonly DeliveryStatus[] = [
  'queued',
  'sending',
  'sent',
  'retrying',
  'failed',
  'dead',
  'delivered',
  'bounced',
  'complained',
  ...NOT_SENT_STATUSES,
];
/** The statuses provider feedback may set. */
export const FEEDBACK_STATUSES: readonly FeedbackStatus[] = [
  'delivered',
  'bounced',
  'failed',
  'complained',
];
export const FINAL_STATUSES: ReadonlySet<DeliveryStatus> = new Set<DeliveryStatus>([
  'sent',
  'failed',
  'dead',
  'delivered',
  'bounced',
  'complained',
  ...NOT_SENT_STATUSES,
]);

/**
 * Allowed moves. `sending -> sending` is a worker taking over a job whose
 * previous worker died mid-send. A record may also be created directly in a
 * not-sent status (`store.create({ ..., status: 'skipped' })`). After `sent`,
 * provider feedback only moves forward (`delivered` may still turn into a
 * bounce or a complaint, and `bounced` or `failed` into a complaint; see
 * `FeedbackStatus`).
 */
export const DELIVERY_TRANSITIONS: Readonly<Record<DeliveryStatus, readonly DeliveryStatus[]>> = {
  queued: ['sending', 'failed', 'dead', ...NOT_SENT_STATUSES],
  sending: ['sending', 'sent', 'retrying', 'failed', 'dead'],
  retrying: ['sending', 'failed', 'dead'],
  sent: ['delivered', 'bounced', 'failed', 'complained'],
  delivered: ['bounced', 'failed', 'complained'],
  // failed = bounced < complained: a spam report after a bounce or failure is still recorded
  bounced: ['complained'],
  complained: [],
  failed: ['complained'],
  dead: [],
  skipped: [],
  suppressed: [],
  throttled: [],
  digested: [],
};

/**
 * Whether the provider accepted the record's message: `sent`, or a feedback
 * status since (a send-time `failed` has no provider message id).
 */
export function wasSent(record: Pick<DeliveryRecordData, 'status' | 'providerMessageId'>): boolean {
  return (
    record.status === 'sent' ||
    (record.providerMessageId !== undefined &&
      (FEEDBACK_STATUSES as readonly DeliveryStatus[]).includes(record.status))
  );
}

/** The statuses a record may be in to move to `to`. */
export function predecessorsOf(to: DeliveryStatus): DeliveryStatus[] {
  return DELIVERY_STATUSES.filter((from) => DELIVERY_TRANSITIONS[from].includes(to));
}

/** What a store persists for one message on one channel. */
export interface DeliveryRecordData {
  id: string;
  channel: DeliveryChannel;
  /** The backend that delivered (or is being tried). */
  backend: string;
  /** Full address; masked whenever the record is printed or serialised. */
  recipient: string;
  status: DeliveryStatus;
  attempts: number;
  /** Why the last attempt failed; for a not-sent status, why it was not sent. */
  lastError?: string;
  providerMessageId?: string;
  idempotencyKey?: string;
  /** The notification (`NotifierService.notify()`) this delivery belongs to. */
  notificationId?: string;
  createdAt: Date;
  updatedAt: Date;
  sentAt?: Date;
  /** When the provider says the last feedback status (`delivered`, `bounced`, ...) happened. */
  providerStatusAt?: Date;
  /** The provider's reason for the last feedback status (bounce reason, error code). */
  providerReason?: string;
  /** SMS: the parts the carrier bills for the body (see `smsSegments()`). */
  smsSegments?: number;
  /** SMS: how the body is encoded on the air. */
  smsEncoding?: SmsEncoding;
}

/** Fields a status change may set. */
export type DeliveryPatch = Partial<
  Pick<
    DeliveryRecordData,
    | 'backend'
    | 'attempts'
    | 'lastError'
    | 'providerMessageId'
    | 'sentAt'
    | 'providerStatusAt'
    | 'providerReason'
  >
>;

/** One delivery record; `toJSON()`, `toString()` and `console.log` show the recipient masked. */
export class DeliveryRecord implements DeliveryRecordData {
  id!: string;
  channel!: DeliveryChannel;
  backend!: string;
  recipient!: string;
  status!: DeliveryStatus;
  attempts!: number;
  lastError?: string;
  providerMessageId?: string;
  idempotencyKey?: string;
  notificationId?: string;
  createdAt!: Date;
  updatedAt!: Date;
  sentAt?: Date;
  providerStatusAt?: Date;
  providerReason?: string;
  smsSegments?: number;
  smsEncoding?: SmsEncoding;

  /**
   * Every field assigned in one order (absent ones `undefined`): all records
   * share one shape, so copies (the memory store returns one per call) stay
   * on V8's fast path, as records read from SQL do.
   */
  constructor(data: DeliveryRecordData) {
    this.id = data.id;
    this.channel = data.channel;
    this.backend = data.backend;
    this.recipient = data.recipient;
    this.status = data.status;
    this.attempts = data.attempts;
    this.lastError = data.lastError;
    this.providerMessageId = data.providerMessageId;
    this.idempotencyKey = data.idempotencyKey;
    this.notificationId = data.notificationId;
    this.createdAt = data.createdAt;
    this.updatedAt = data.updatedAt;
    this.sentAt = data.sentAt;
    this.providerStatusAt = data.providerStatusAt;
    this.providerReason = data.providerReason;
    this.smsSegments = data.smsSegments;
    this.smsEncoding = data.smsEncoding;
  }

  get final(): boolean {
    return FINAL_STATUSES.has(this.status);
  }

  toJSON(): Record<string, unknown> {
    return {
      id: this.id,
      channel: this.channel,
      backend: this.backend,
      recipient: maskRecipientList(this.recipient),
      status: this.status,
      attempts: this.attempts,
      lastError: this.lastError,
      providerMessageId: this.providerMessageId,
      idempotencyKey: this.idempotencyKey,
      notificationId: this.notificationId,
      createdAt: this.createdAt.toISOString(),
      updatedAt: this.updatedAt.toISOString(),
      sentAt: this.sentAt?.toISOString(),
      providerStatusAt: this.providerStatusAt?.toISOString(),
      providerReason: this.providerReason,
      smsSegments: this.smsSegments,
      smsEncoding: this.smsEncoding,
    };
  }

  toString(): string {
    return `DeliveryRecord(${this.id} ${this.channel}/${this.backend} to ${maskRecipientList(this.recipient)}: ${this.status})`;
  }

  [inspect.custom](): Record<string, unknown> {
    return this.toJSON();
  }
}

/** The record a store creates for `input`: `queued` (unless given), no attempt yet, timestamps now. */
export function newDeliveryRecord(
  input: Pick<DeliveryRecordData, 'id' | 'channel' | 'backend' | 'recipient'> &
    Partial<DeliveryRecordData>,
): DeliveryRecord {
  const now = input.createdAt ?? new Date();
  return new DeliveryRecord({
    id: input.id,
    channel: normalizeChannel(input.channel),
    backend: input.backend,
    recipient: input.recipient,
    status: input.status ?? 'queued',
    attempts: input.attempts ?? 0,
    lastError: input.lastError,
    providerMessageId: input.providerMessageId,
    idempotencyKey: input.idempotencyKey,
    notificationId: input.notificationId,
    createdAt: now,
    updatedAt: now,
    sentAt: input.sentAt,
    providerStatusAt: input.providerStatusAt,
    providerReason: input.providerReason,
    smsSegments: input.smsSegments,
    smsEncoding: input.smsEncoding,
  });
}

/** Each address of a record's recipient (several for an email), masked. */
function maskRecipientList(value: string): string {
  return value.split(', ').map(maskRecipient).join(', ');
}
