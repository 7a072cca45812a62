import type { NotificationPlan } from '../planning/notification-plan.interface.js';

/**
 * A dispatch that waits in the notifier's queue: a whole scheduled
 * notification (`delayMs`, `sendAt`), deliveries a gate deferred, an
 * escalation step, or the end of a digest window. The worker runs the gates
 * again and sends when it is due.
 */
export interface NotifierJob {
  /** `escalation`: a step of the notification's `escalation`; `digest`: a digest window's end. */
  kind: 'scheduled' | 'deferred' | 'escalation' | 'digest';
  plan: NotificationPlan;
  /** An escalation step: its index and condition. */
  escalation?: { step: number; when: 'unread' | 'always' };
  /** A digest flush: the digest's key and the end of its window (epoch ms). */
  digest?: { key: string; windowEnd: number };
  /** The producer's trace context; the worker's span continues the trace. */
  trace?: Record<string, string>;
}

/** Where delayed dispatches wait (`BullmqNotifierScheduler` on the delivery queue's Redis). */
export interface NotifierScheduler {
  /** Adds `job`, due at `dueAtMs` (epoch ms); a job with the same id is not added twice. */
  schedule(jobId: string, job: NotifierJob, dueAtMs: number): Promise<void>;
  /** Removes a waiting job; `false` when it is gone (or running). */
  remove(jobId: string): Promise<boolean>;
  close(): Promise<void>;
}
