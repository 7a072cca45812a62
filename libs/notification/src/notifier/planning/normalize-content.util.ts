import type { MailAddress, MailMessage } from '@herald/contracts';
import { MAIL_ADAPTER } from '../../delivery/reliable/channel-adapters.js';
import type { NotificationDescriptor } from '../gates/notification-gate.interface.js';
import type { ChatContent, InboxContent, SmsContent } from '../notification.js';
import type { RecipientProfile } from '../recipients/recipient.interface.js';
import { webhookContent } from '../webhooks/webhook-content.util.js';

const isBuilder = (value: unknown): value is { build(): MailMessage | Promise<MailMessage> } =>
  typeof (value as { build?: unknown })?.build === 'function';

/**
 * What a `to<Channel>()` returned, as the JSON a delivery carries: SMS text
 * as `{ body, from? }`; a `Mailable` built, `to` defaulting to the
 * recipient's address, attachments base64; inbox `category` defaulting to the
 * notification's; push and custom content as returned.
 */
export async function normalizeContent(
  channel: string,
  rendered: unknown,
  profile: RecipientProfile,
  address: string,
  notification: NotificationDescriptor,
): Promise<unknown> {
  switch (channel) {
    case 'sms': {
      const sms = rendered as SmsContent;
      return typeof sms === 'string' ? { body: sms } : { body: sms?.body, from: sms?.from };
    }
    case 'mail': {
      const mail = isBuilder(rendered) ? await rendered.build() : (rendered as MailMessage);
      const to: MailAddress[] =
        mail?.to && mail.to.length > 0
          ? mail.to
          : [profile.name ? { name: profile.name, address } : address];
      return MAIL_ADAPTER.toJob({ ...mail, to });
    }
    case 'chat': {
      const chat = rendered as ChatContent;
      if (typeof chat === 'string') return { text: chat };
      if (!chat || typeof chat !== 'object') return { text: chat };
      const {
        to: _to,
        idempotencyKey: _key,
        ...rest
      } = chat as ChatContent & {
        to?: unknown;
        idempotencyKey?: unknown;
      } & object;
      return rest;
    }
    case 'inbox': {
      const inbox = rendered as InboxContent;
      return { ...inbox, category: inbox?.category ?? notification.category };
    }
    case 'webhook':
      return webhookContent(rendered, notification.type);
    default:
      return rendered;
  }
}
