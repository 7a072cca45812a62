import type { NotificationDescriptor } from '../gates/notification-gate.interface.js';
import type { RecipientProfile } from '../recipients/recipient.interface.js';

/** One channel of one recipient, rendered (JSON), or skipped for want of an address. */
export interface PlannedDelivery {
  channel: string;
  content?: unknown;
  /** Why it is not sent (no address); set instead of `content`. */
  skipped?: string;
  /** Why a gate deferred it (quiet hours, a rate limit), on a deferred dispatch. */
  deferred?: string;
}

/** A recipient and their rendered channels. */
export interface PlannedRecipient {
  profile: RecipientProfile;
  deliveries: PlannedDelivery[];
}

/**
 * A notification resolved and rendered, not yet gated or sent: what
 * `notify()` dispatches at once, or what a scheduled or deferred job carries
 * (it is JSON).
 */
export interface NotificationPlan {
  notification: NotificationDescriptor;
  recipients: PlannedRecipient[];
}
