import { createHash } from 'node:crypto';
import type {
  ChatMessage,
  ChatSendResult,
  MailAddress,
  MailMessage,
  MailSendResult,
  PushMessage,
  PushSendResult,
  SmsMessage,
  SmsSendResult,
} from '@herald/contracts';
import type { DeliveryChannel, DeliveryRecordData } from '../records/delivery-record.js';
import { smsSegments } from '../../sms/sms-segments.util.js';

/** How the delivery layer reads, keys and (de)serialises one channel's messages. */
export interface ChannelAdapter<M, R> {
  channel: DeliveryChannel;
  recipientOf(message: M): string;
  /** What makes two messages "the same" when the caller gave no idempotency key. */
  contentOf(message: M): unknown;
  keyOf(message: M): string | undefined;
  withKey(message: M, key: string): M;
  messageIdOf(result: R): string | undefined;
  /** What `send` answers in `bullmq` mode, before any provider has seen the message. */
  queuedResult(deliveryId: string, backend: string, message: M): R;
  /** JSON-safe job payload, and back. */
  toJob(message: M): unknown;
  fromJob(data: unknown): M;
  /** What the channel stores on the record besides the common fields (SMS: segments and encoding). */
  recordFieldsOf?(message: M): Partial<Pick<DeliveryRecordData, 'smsSegments' | 'smsEncoding'>>;
}

// `withKey` copies with Object.assign: on Node 20 `{ ...m, idempotencyKey }` makes an
// object that is slow to build and to read (the driver reads it on every send)
export const SMS_ADAPTER: ChannelAdapter<SmsMessage, SmsSendResult> = {
  channel: 'sms',
  recipientOf: (m) => m.to,
  contentOf: (m) => [m.to, m.from ?? '', m.body],
  keyOf: (m) => m.idempotencyKey,
  withKey: (m, idempotencyKey) => Object.assign({}, m, { idempotencyKey }),
  messageIdOf: (r) => r.messageId,
  queuedResult: (deliveryId, backend) => ({ messageId: deliveryId, backend, status: 'queued' }),
  toJob: (m) => m,
  fromJob: (d) => d as SmsMessage,
  recordFieldsOf: (m) => {
    if (typeof m.body !== 'string') return {};
    const { segments, encoding } = smsSegments(m.body);
    return { smsSegments: segments, smsEncoding: encoding };
  },
};

export const PUSH_ADAPTER: ChannelAdapter<PushMessage, PushSendResult> = {
  channel: 'push',
  recipientOf: (m) => m.token,
  contentOf: (m) => [m.token, m.title ?? '', m.body ?? '', m.data ?? {}, m.collapseKey ?? ''],
  keyOf: (m) => m.idempotencyKey,
  withKey: (m, idempotencyKey) => Object.assign({}, m, { idempotencyKey }),
  messageIdOf: (r) => r.messageId,
  queuedResult: (deliveryId, backend, m) => ({
    token: m.token,
    success: true,
    messageId: deliveryId,
    backend,
  }),
  toJob: (m) => m,
  fromJob: (d) => d as PushMessage,
};

export const CHAT_ADAPTER: ChannelAdapter<ChatMessage, ChatSendResult> = {
  channel: 'chat',
  // a webhook backend posts where it was created: its records name no recipient
  recipientOf: (m) => m.to ?? '-',
  contentOf: (m) => [
    m.to ?? '',
    m.title ?? '',
    m.text,
    m.url ?? '',
    m.fields ?? [],
    m.threadId ?? '',
    m.blocks ?? [],
  ],
  keyOf: (m) => m.idempotencyKey,
  withKey: (m, idempotencyKey) => Object.assign({}, m, { idempotencyKey }),
  messageIdOf: (r) => r.messageId,
  queuedResult: (deliveryId, backend) => ({ messageId: deliveryId, backend }),
  toJob: (m) => m,
  fromJob: (d) => d as ChatMessage,
};

const addressOf = (a: MailAddress): string => (typeof a === 'string' ? a : a.address);

export const MAIL_ADAPTER: ChannelAdapter<MailMessage, MailSendResult> = {
  channel: 'mail',
  recipientOf: (m) => m.to.map(addressOf).join(', '),
  contentOf: (m) => [m.to.map(addressOf), m.subject, m.text ?? '', m.html ?? ''],
  keyOf: (m) => m.idempotencyKey,
  withKey: (m, idempotencyKey) => Object.assign({}, m, { idempotencyKey }),
  messageIdOf: (r) => r.messageId,
  queuedResult: (deliveryId, backend) => ({
    messageId: deliveryId,
    backend,
    accepted: [],
    rejected: [],
  }),
  toJob: (m) => ({
    ...m,
    attachments: m.attachments?.map((a) => ({
      ...a,
      content: Buffer.isBuffer(a.content) ? { base64: a.content.toString('base64') } : a.content,
    })),
  }),
  fromJob: (d) => {
    const m = d as MailMessage & { attachments?: Array<{ content: unknown }> };
    return {
      ...m,
      attachments: m.attachments?.map((a) => ({
        ...a,
        content:
          typeof a.content === 'object' && a.content !== null && 'base64' in a.content
            ? Buffer.from(String((a.content as { base64: string }).base64), 'base64')
            : (a.content as string),
      })),
    } as MailMessage;
  },
};

/**
 * The delivery id for an idempotency key: the same key on the same channel
 * always gives the same id, in every process, so a repeat finds the record.
 */
export function deliveryIdFor(channel: DeliveryChannel, key: string): string {
  return `dlv_${createHash('sha256').update(`${channel}\u0000${key}`).digest('hex').slice(0, 32)}`;
}

/** A key derived from the message content and the time window it falls in. */
export function deriveIdempotencyKey(content: unknown, windowMs: number, now = Date.now()): string {
  const bucket = Math.floor(now / Math.max(1, windowMs));
  const digest = createHash('sha256').update(JSON.stringify(content)).digest('hex').slice(0, 40);
  return `auto:${digest}:${bucket}`;
}
