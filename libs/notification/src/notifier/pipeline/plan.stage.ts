import type { NotifierChannelRegistry } from '../channels/notifier-channel.registry.js';
import { MissingRenderMethodError } from '../errors/missing-render-method.error.js';
import { NotifyArgumentError } from '../errors/notify-argument.error.js';
import { RecipientNotFoundError } from '../errors/recipient-not-found.error.js';
import type { NotificationDescriptor } from '../gates/notification-gate.interface.js';
import type { Notification, RenderContext } from '../notification.js';
import type { NotifyTarget } from '../recipients/recipient.interface.js';
import type { RecipientResolver } from '../recipients/recipient-resolver.interface.js';
import { recipientProfile } from '../recipients/recipient-profile.util.js';
import type { NotificationPlan, PlannedDelivery } from './notification-plan.interface.js';
import { normalizeContent } from './normalize-content.util.js';
import { renderFunction, renderMethodName } from './render-method.util.js';
import { normalizeChannel } from '../../delivery/records/normalize-channel.util.js';
import { NotificationRenderer, type PlannerOptions } from './notification-renderer.js';

/**
 * First stage of `notify()`: resolves the recipients (user ids through the
 * `RecipientResolver`), asks the notification's `via()` for each, checks each
 * channel once (known, usable, renderable: typed errors otherwise) and
 * renders the content of every channel that has an address. No I/O besides
 * the resolver; nothing is stored.
 */
export class NotificationPlanner {
  private readonly renderer: NotificationRenderer;

  constructor(
    private readonly channels: NotifierChannelRegistry,
    private readonly resolver: RecipientResolver,
    options: PlannerOptions = {},
  ) {
    this.renderer = new NotificationRenderer(options);
  }

  async plan(
    targets: readonly NotifyTarget[],
    notification: Notification<any>,
    descriptor: NotificationDescriptor,
  ): Promise<NotificationPlan> {
    const recipients = await this.resolve(targets);
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
        this.renderer.checkLimits(channel, content, descriptor.type);
        deliveries.push({ channel, content });
      }
      plan.recipients.push({ profile, deliveries });
    }
    return plan;
  }

  /** User ids through the resolver (one call), objects as they are; typed errors for anything else. */
  private async resolve(targets: readonly NotifyTarget[]): Promise<object[]> {
    const ids: string[] = [];
    targets.forEach((target, i) => {
      if (typeof target === 'string') {
        if (target.trim() === '')
          throw new NotifyArgumentError(`recipients[${i}]`, 'is an empty user id');
        ids.push(target);
      } else if (!target || typeof target !== 'object' || Array.isArray(target)) {
        throw new NotifyArgumentError(
          `recipients[${i}]`,
          `must be a user id, a user object or Notifier.route(...) (got ${target === null ? 'null' : Array.isArray(target) ? 'an array' : typeof target})`,
        );
      }
    });
    if (ids.length === 0) return targets as object[];
    const found = await this.resolver.resolve(ids);
    const byId = new Map<string, object>();
    const missing: string[] = [];
    ids.forEach((id, i) => {
      const recipient = found[i];
      if (!recipient || typeof recipient !== 'object') missing.push(id);
      else if (!('id' in recipient) && !('userId' in recipient))
        byId.set(id, { ...recipient, id }); // the id it was asked for is the user id
      else byId.set(id, recipient);
    });
    if (missing.length > 0) throw new RecipientNotFoundError(missing);
    return targets.map((t) => (typeof t === 'string' ? byId.get(t)! : t));
  }
}
