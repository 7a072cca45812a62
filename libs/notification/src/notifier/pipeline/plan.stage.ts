import type { NotifierChannelRegistry } from '../channels/notifier-channel.registry.js';
import { MissingRenderMethodError } from '../errors/missing-render-method.error.js';
import { NotifyArgumentError } from '../errors/notify-argument.error.js';
import type { NotificationDescriptor } from '../gates/notification-gate.interface.js';
import type { Notification, RenderContext } from '../notification.js';
import { recipientProfile } from '../recipients/recipient-profile.util.js';
import type { NotificationPlan, PlannedDelivery } from '../planning/notification-plan.interface.js';
import { normalizeContent } from '../planning/normalize-content.util.js';
import { renderFunction, renderMethodName } from '../planning/render-method.util.js';
import { normalizeChannel } from '../../delivery/records/normalize-channel.util.js';
import { NotificationRenderer, type PlannerOptions } from '../planning/notification-renderer.js';

/**
 * Second stage: plans each channel of each resolved recipient. Asks the
 * notification's `via()` for each, checks each channel once (known, usable,
 * renderable: typed errors otherwise) and renders the content of every
 * channel that has an address (one without is planned `skipped`). No I/O;
 * nothing is stored.
 */
export class PlanStage {
  private readonly renderer: NotificationRenderer;

  constructor(
    private readonly channels: NotifierChannelRegistry,
    options: PlannerOptions = {},
  ) {
    this.renderer = new NotificationRenderer(options);
  }

  async run(
    recipients: readonly object[],
    notification: Notification<any>,
    descriptor: NotificationDescriptor,
  ): Promise<NotificationPlan> {
    const renderers = new Map<string, (recipient: unknown, context: RenderContext) => unknown>();
    const plan: NotificationPlan = { notification: descriptor, recipients: [] };
    for (const recipient of recipients) {
      const profile = recipientProfile(recipient);
      const via = await notification.via(recipient);
      if (!Array.isArray(via)) {
        throw new NotifyArgumentError(
          'notification',
          `${descriptor.type}.via() must return an array of channel names (got ${typeof via})`,
        );
      }
      const deliveries: PlannedDelivery[] = [];
      const context = this.renderer.context(recipient, profile);
      // `email` is the input alias of `mail`
      for (const channel of new Set<string>(via.map(normalizeChannel))) {
        let render = renderers.get(channel);
        if (!render) {
          this.channels.assertUsable(channel, descriptor.type);
          render =
            renderFunction(notification, channel) ??
            this.renderer.fromTemplates(notification, channel);
          if (!render)
            throw new MissingRenderMethodError(channel, descriptor.type, renderMethodName(channel));
          renderers.set(channel, render);
        }
        const address = this.channels.addressOf(channel, profile);
        if (address === undefined || address === '') {
          deliveries.push({ channel, skipped: this.channels.noAddressReason(channel, profile) });
          continue;
        }
        const content = await normalizeContent(
          channel,
          await render(recipient, context),
          profile,
          address,
          descriptor,
        );
        const sms = this.renderer.checkLimits(channel, content, descriptor.type);
        deliveries.push(sms ? { channel, content, sms } : { channel, content });
      }
      plan.recipients.push({ profile, deliveries });
    }
    return plan;
  }
}
