import { Logger } from '@nestjs/common';
import { assertPushPayloadSize } from '../../push/push-payload-limit.util.js';
import { smsSegments, type SmsSegmentInfo } from '../../sms/sms-segments.util.js';
import { resolveLocale } from '../../templates/locale/resolve-locale.util.js';
import { canonicalLocale } from '../../templates/locale/locale-chain.util.js';
import { isTimeZone, type NotificationTemplates } from '../../templates/notification-templates.js';
import { NotifierConfigError } from '../errors/notifier-config.error.js';
import type { TemplateChannel } from '../../templates/template-files.util.js';
import type { Notification, PushContent, RenderContext } from '../notification.js';
import type { RecipientProfile } from '../recipients/recipient.interface.js';

/** What the planner renders with besides the notification's own methods. */
export interface PlannerOptions {
  /** File templates; absent when `NotificationTemplatesModule` is not imported. */
  templates?: () => NotificationTemplates | undefined;
  /** Above this many segments a rendered SMS is logged as a warning. @default 3 */
  smsSegmentWarning?: number;
}

const TEMPLATE_CHANNELS = new Set(['sms', 'push', 'mail', 'inbox']);

/**
 * The locale-aware part of rendering: the `RenderContext` of a recipient,
 * the render function of a channel that has file templates, and the channel
 * limits checked on what was rendered (SMS segments, push payload size).
 */
export class NotificationRenderer {
  private readonly logger = new Logger('HeraldNotifier');

  constructor(private readonly options: PlannerOptions) {}

  /** The recipient's locale and time zone; `locale` (a preview's) wins when it is a tag. */
  context(recipient: object, profile: RecipientProfile, locale?: string): RenderContext {
    const templates = this.options.templates?.();
    locale =
      canonicalLocale(locale) ??
      resolveLocale(recipient, profile, templates?.defaultLocale ?? 'en');
    // a time zone Intl does not know renders dates in the process's own
    const timeZone = isTimeZone(profile.timeZone) ? profile.timeZone : undefined;
    return {
      locale,
      timeZone,
      profile,
      t: (key, values = {}) => {
        if (!templates)
          throw new NotifierConfigError([
            {
              path: 'NotificationTemplatesModule',
              message: `context.t(${JSON.stringify(key)}) needs NotificationTemplatesModule.forRoot({ dir }) in the application`,
            },
          ]);
        return templates.translate(key, values, { locale, timeZone });
      },
    };
  }

  /** Renders `channel` from `<notification.template>/...` files, when it has them. */
  fromTemplates(
    notification: Notification<any>,
    channel: string,
  ): ((recipient: unknown, context: RenderContext) => Promise<unknown>) | undefined {
    const templates = this.options.templates?.();
    const name = notification.template;
    if (!templates || typeof name !== 'string' || !TEMPLATE_CHANNELS.has(channel)) return undefined;
    if (!templates.has(name, channel)) return undefined;
    return async (recipient, context) => {
      const data = await notification.templateData(recipient as never, context);
      return templates.render(name, channel as TemplateChannel, data, {
        locale: context.locale,
        timeZone: context.timeZone,
      });
    };
  }

  /**
   * Push: the APNs and FCM payload limits (a typed error). SMS: a warning
   * above the configured number of segments; answers the segment count, which
   * the plan carries so that the dispatcher (metric) and the delivery record
   * do not count again.
   */
  checkLimits(channel: string, content: unknown, type: string): SmsSegmentInfo | undefined {
    // content that is not an object is the push channel's to reject, with its own typed error
    if (channel === 'push' && typeof content === 'object' && content !== null)
      assertPushPayloadSize(content as PushContent, type);
    if (channel === 'sms') {
      const body = (content as { body?: unknown }).body;
      if (typeof body !== 'string') return undefined;
      const info = smsSegments(body);
      const limit = this.options.smsSegmentWarning ?? 3;
      if (info.segments > limit)
        this.logger.warn(
          `${type}: the SMS is ${info.segments} segments (${info.encoding}, ${info.units} ${info.encoding === 'GSM-7' ? 'septets' : 'UTF-16 units'}), over smsSegmentWarning ${limit}; each segment is billed`,
        );
      return info;
    }
    return undefined;
  }
}
