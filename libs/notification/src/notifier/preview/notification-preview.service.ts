import { randomUUID } from 'node:crypto';
import { pushPayloadSizes } from '../../push/push-payload-limit.util.js';
import { smsSegments, type SmsSegmentInfo } from '../../sms/sms-segments.util.js';
import { MissingRenderMethodError } from '../errors/missing-render-method.error.js';
import type { NotificationDescriptor } from '../gates/notification-gate.interface.js';
import type { Notification, PushContent } from '../notification.js';
import { normalizeContent } from '../planning/normalize-content.util.js';
import type { NotificationRenderer } from '../planning/notification-renderer.js';
import { renderFunction, renderMethodName } from '../planning/render-method.util.js';
import { recipientProfile } from '../recipients/recipient-profile.util.js';

/** One channel of a notification as a recipient would get it, not sent. */
export interface NotificationPreview {
  channel: string;
  /** The locale it was rendered in. */
  locale: string;
  /** What the channel would send: `{ body }` (SMS), the push message, the mail (`html`, `text`, `subject`), the inbox item. */
  content: unknown;
  /** SMS: encoding and segments. */
  sms?: SmsSegmentInfo;
  /** Push: the payload size in bytes as APNs and FCM count it (over 4096, `notify()` refuses it; a preview shows it). */
  push?: { apns: number; fcm: number };
}

/**
 * Renders a notification for a recipient, a channel and a locale without
 * sending or storing anything (Laravel's mail preview, Novu's step preview):
 * the same render methods, file templates and limits as `notify()`.
 */
export class NotificationPreviewService {
  constructor(private readonly renderer: NotificationRenderer) {}

  /**
   * @param locale a BCP 47 tag that wins over the recipient's own; @default the recipient's locale
   * @throws MissingRenderMethodError when the notification cannot render `channel`
   */
  async render(
    notification: Notification<any>,
    recipient: object,
    channel: string,
    locale?: string,
  ): Promise<NotificationPreview> {
    const profile = recipientProfile(recipient);
    const context = this.renderer.context(recipient, profile, locale);
    const render =
      renderFunction(notification, channel) ?? this.renderer.fromTemplates(notification, channel);
    if (!render)
      throw new MissingRenderMethodError(channel, notification.type, renderMethodName(channel));
    const descriptor: NotificationDescriptor = {
      id: `preview_${randomUUID()}`,
      type: notification.type,
      category: notification.category,
      critical: notification.critical,
    };
    const address = profile.routes?.[channel] ?? profile.email ?? 'preview@example.invalid';
    const content = await normalizeContent(
      channel,
      await render(recipient, context),
      profile,
      address,
      descriptor,
    );
    const preview: NotificationPreview = { channel, locale: context.locale, content };
    if (channel === 'sms') {
      const body = (content as { body?: unknown }).body;
      if (typeof body === 'string') preview.sms = smsSegments(body);
    }
    if (channel === 'push') preview.push = pushPayloadSizes(content as PushContent);
    return preview;
  }
}
