import type { NotificationDescriptor } from '../gates/notification-gate.interface.js';
import type { RecipientProfile } from '../recipients/recipient.interface.js';
import type { SmsSegmentInfo } from '../../sms/sms-segments.util.js';

/** One channel of one recipient, rendered (JSON), or skipped for want of an address. */
export interface PlannedDelivery {
  channel: string;
  content?: unknown;
  /** Why it is not sent (no address); set instead of `content`. */
  skipped?: string;
  /** Why a gate deferred it (quiet hours, a rate limit), on a deferred dispatch. */
  deferred?: string;
  /**
   * SMS: the segment count of the body, counted once where it was rendered,
   * so that the dispatcher's metric and the delivery record read it instead
   * of counting again. Absent on plans made before it existed and on
   * digests: the dispatcher counts then. Never part of the provider request.
   */
  sms?: SmsSegmentInfo;
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
