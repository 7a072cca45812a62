import { NotifierConfigError } from '../errors/notifier-config.error.js';
import type { NotificationDigester } from '../gates/notification-gate.interface.js';
import type { PlannedRecipient, PlannedDelivery } from '../planning/notification-plan.interface.js';
import type { NotifierScheduler } from '../queue/notifier-job.interface.js';
import type { GatedDelivery, GatedPlan, Timetable } from './pipeline.interface.js';

export interface TimingStageDeps {
  digester?: NotificationDigester;
  scheduler?: NotifierScheduler;
}

/**
 * Fourth stage: when each allowed or held delivery goes. Allowed ones go now;
 * a digested one waits in its digest window (recorded `digested`); a deferred
 * one waits for a job at its time (grouped by time and recipient, the gates run
 * again then). A hold the application cannot honour (no digester, no delayed
 * jobs) is a `NotifierConfigError` here, before anything is written. Writes
 * nothing. (A whole notification scheduled with `delayMs` / `sendAt` waits
 * before the gates: the pipeline runner schedules it after planning.)
 */
export class TimingStage {
  constructor(private readonly deps: TimingStageDeps) {}

  run(gated: GatedPlan): Timetable {
    const { plan } = gated;
    const { notification } = plan;
    const table: Timetable = { plan, now: [], notSent: [], digests: [], deferred: new Map() };
    for (const delivery of gated.deliveries) {
      switch (delivery.action) {
        case 'allow':
          table.now.push(delivery);
          break;
        case 'not-sent':
          table.notSent.push(delivery.part);
          break;
        case 'digest': {
          if (!this.deps.digester) {
            throw new NotifierConfigError([
              {
                path: 'digester',
                message: `a gate asked to digest a ${notification.type} under "${delivery.key}", but NotifierModule has no digester; give one with NotifierModule.forRoot({}, { digester: MyDigester })`,
              },
            ]);
          }
          const { key, windowMs, ctx, content } = delivery;
          table.digests.push({ key, windowMs, context: ctx, content });
          table.notSent.push({
            channel: ctx.channel,
            profile: ctx.recipient,
            address: ctx.address,
            status: 'digested',
            reason: `digest "${key}"`,
          });
          break;
        }
        case 'defer':
          if (!this.deps.scheduler) {
            throw new NotifierConfigError([
              {
                path: 'notification.delivery.queue',
                message: `a gate deferred a ${notification.type} delivery, which needs the BullMQ queue; set queue: bullmq, or NotifierModule option inlineTimers: true (got inline)`,
              },
            ]);
          }
          defer(table.deferred, delivery);
          break;
      }
    }
    return table;
  }
}

/**
 * Adds a deferred delivery to the plan of its due time, beside its
 * recipient's others (an SMS with the segment count it was planned with).
 */
function defer(
  deferred: Map<number, PlannedRecipient[]>,
  { untilMs, ctx, content, reason, sms }: Extract<GatedDelivery, { action: 'defer' }>,
): void {
  const group = deferred.get(untilMs) ?? [];
  let entry = group.find((r) => r.profile === ctx.recipient);
  if (!entry) {
    entry = { profile: ctx.recipient, deliveries: [] };
    group.push(entry);
  }
  const planned: PlannedDelivery =
    reason === undefined
      ? { channel: ctx.channel, content }
      : { channel: ctx.channel, content, deferred: reason };
  if (sms) planned.sms = sms;
  entry.deliveries.push(planned);
  deferred.set(untilMs, group);
}
