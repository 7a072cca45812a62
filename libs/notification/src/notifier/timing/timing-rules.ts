import type { ChannelName } from '../notification.js';
import type { NotificationPlan } from '../planning/notification-plan.interface.js';

/**
 * One escalation step of a notification: send on `via` once `afterMs` have
 * passed since the notification went out, unless the recipient has read its
 * inbox message by then (`when: 'unread'`, the default) or in any case
 * (`when: 'always'`).
 *
 * @example
 * // inbox now; mail if still unread after 15 minutes
 * override readonly escalation = [{ afterMs: 15 * 60_000, via: ['mail'] }];
 */
export interface EscalationStep {
  afterMs: number;
  via: readonly ChannelName[];
  /** @default 'unread' */
  when?: 'unread' | 'always';
}

/**
 * A rate limit per recipient and category: at most `limit` deliveries of the
 * category per channel within `perMs`. The rest are dropped (recorded
 * `throttled`, the default) or deferred until the window has room (`defer`).
 * Enforced by `throttleGate()`; critical notifications bypass it.
 */
export interface ThrottleRule {
  limit: number;
  perMs: number;
  /** @default 'drop' */
  mode?: 'drop' | 'defer';
}

/**
 * Folds the notifications of one kind sent to one recipient within
 * `windowMs` into one digest per channel, rendered by the notification's
 * `renderDigest(channel, recipient, batch)` when the window ends. `key`
 * separates digests of the same kind (`order:42`). Enforced by `DigestGate`
 * with a digester (`MemoryNotificationDigester`, `RedisNotificationDigester`).
 */
export interface DigestRule {
  windowMs: number;
  /** @default the notification's type */
  key?: string;
}

/** The timing rules a notification declares, as gates and jobs receive them (JSON). */
export interface TimingRules {
  throttle?: ThrottleRule;
  digest?: DigestRule;
}

/** An escalation step rendered at `notify()`, waiting to be scheduled once the notification is (JSON). */
export interface EscalationPlan {
  step: number;
  afterMs: number;
  when: 'unread' | 'always';
  plan: NotificationPlan;
}

/** Largest number of escalation steps per notification. */
export const MAX_ESCALATION_STEPS = 10;
