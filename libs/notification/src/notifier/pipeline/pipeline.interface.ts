import type { NotSentStatus } from '../../delivery/records/delivery-record.js';
import type { DigestEntry, GateContext } from '../gates/notification-gate.interface.js';
import type {
  NotificationPlan,
  PlannedRecipient,
} from '../planning/notification-plan.interface.js';
import type { RecipientProfile } from '../recipients/recipient.interface.js';
import type { SmsSegmentInfo } from '../../sms/sms-segments.util.js';

/** A delivery the gates let through, with its rendered content. */
export interface AllowedDelivery {
  ctx: GateContext;
  content: unknown;
  /**
   * The gates checked `ctx.address` against the suppression list (SMS, mail):
   * reliable delivery does not look it up again.
   */
  screened: boolean;
  /** SMS: the segment count the plan carries (counted when it was rendered). */
  sms?: SmsSegmentInfo;
}

/** A delivery that is recorded but not sent: skipped, suppressed, throttled or digested. */
export interface NotSentDelivery {
  channel: string;
  profile: RecipientProfile;
  address: string;
  status: NotSentStatus;
  reason: string;
}

/**
 * One planned delivery after the gates, in plan order: allowed, recorded but
 * not sent (skipped for want of an address, suppressed, throttled), or held by
 * a gate for a digest window or a later time.
 */
export type GatedDelivery =
  | ({ action: 'allow' } & AllowedDelivery)
  | { action: 'not-sent'; part: NotSentDelivery }
  | { action: 'digest'; key: string; windowMs?: number; ctx: GateContext; content: unknown }
  | {
      action: 'defer';
      untilMs: number;
      reason?: string;
      ctx: GateContext;
      content: unknown;
      sms?: SmsSegmentInfo;
    };

/** What the gates stage answers. */
export interface GatedPlan {
  plan: NotificationPlan;
  deliveries: GatedDelivery[];
}

/** What the timing stage answers: what goes now, and what waits (digest windows, deferred jobs). */
export interface Timetable {
  plan: NotificationPlan;
  now: AllowedDelivery[];
  notSent: NotSentDelivery[];
  digests: DigestEntry[];
  /** Deferred deliveries by due time (epoch ms), as the plans their jobs carry. */
  deferred: Map<number, PlannedRecipient[]>;
}
