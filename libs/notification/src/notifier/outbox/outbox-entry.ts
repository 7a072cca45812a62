import type { NotificationPlan } from '../planning/notification-plan.interface.js';
import type { EscalationPlan } from '../timing/timing-rules.js';

/**
 * What a notification written to the outbox carries: the plan (recipients
 * resolved, every channel rendered, as JSON) and what `notify()` was told.
 * The relay dispatches it once the caller's transaction has committed.
 */
export interface OutboxPayload {
  plan: NotificationPlan;
  /** How many recipients the `notify()` call had. */
  recipients: number;
  idempotencyKey?: string;
  /** A scheduled notification's due time (epoch ms). */
  dueAt?: number;
  /** The notification's escalation steps, rendered; scheduled once it is dispatched. */
  escalation?: EscalationPlan[];
  /** The trace context of the `notify()` call (`traceparent`...); the relay continues that trace. */
  trace?: Record<string, string>;
}

/** One row of the outbox a relay has claimed. */
export interface OutboxEntry {
  /** The notification id (`ntf_...`): one row per notification. */
  id: string;
  payload: OutboxPayload;
  /** Claims so far, this one included. */
  attempts: number;
}

/** Outbox rows by state: `pending` (not relayed yet), `done`, `failed` (gave up after `maxAttempts`). */
export interface OutboxCounts {
  pending: number;
  done: number;
  failed: number;
}
