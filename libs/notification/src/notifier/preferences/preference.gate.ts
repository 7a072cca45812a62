import { Inject, Injectable } from '@nestjs/common';
import { GateDecisions } from '../gates/gate-decisions.js';
import type {
  GateContext,
  GateDecision,
  NotificationGate,
} from '../gates/notification-gate.interface.js';
import { NOTIFICATION_PREFERENCE_STORE } from '../notifier.constants.js';
import type { NotificationPreferenceStore } from './notification-preference-store.protocol.js';

/**
 * The gate of user preferences, first of the notifier's gates unless
 * `NotifierModule` option `preferences` is `false`. A delivery to a user
 * (not an on-demand address) is suppressed when the user turned its channel
 * off for the notification's category, or when the notification's
 * `defaultPreferences` has it off and the user has not turned it on.
 * `critical` notifications pass. One store query per `notify()`.
 *
 * To run it elsewhere in the order (after a quiet-hours gate, say), set
 * `preferences: false` and list it yourself:
 * `NotifierModule.forRoot({ preferences: false }, { gates: [QuietHoursGate, PreferenceGate] })`.
 */
@Injectable()
export class PreferenceGate implements NotificationGate {
  readonly name = 'preferences';

  constructor(
    @Inject(NOTIFICATION_PREFERENCE_STORE) private readonly store: NotificationPreferenceStore,
  ) {}

  async checkMany(contexts: readonly GateContext[]): Promise<GateDecision[]> {
    const users = new Map<string, string[]>();
    for (const { notification, recipient } of contexts) {
      if (notification.critical || recipient.id === undefined) continue;
      const list = users.get(notification.category);
      if (list) list.push(recipient.id);
      else users.set(notification.category, [recipient.id]);
    }
    const chosen = new Map<string, boolean>();
    for (const [category, ids] of users) {
      for (const p of await this.store.listFor(ids, category))
        chosen.set(`${p.userId}\u0000${p.category}\u0000${p.channel}`, p.enabled);
    }
    return contexts.map(({ notification, recipient, channel }) => {
      if (notification.critical || recipient.id === undefined) return GateDecisions.allow();
      const { category } = notification;
      const mine = chosen.get(`${recipient.id}\u0000${category}\u0000${channel}`);
      if (mine === true) return GateDecisions.allow();
      if (mine === false)
        return GateDecisions.suppress(
          `preference: the user turned ${channel} off for category "${category}"`,
        );
      if (notification.defaultPreferences?.[channel] === false)
        return GateDecisions.suppress(
          `preference: ${channel} is off by default for category "${category}" (${notification.type}) and the user has not turned it on`,
        );
      return GateDecisions.allow();
    });
  }
}
