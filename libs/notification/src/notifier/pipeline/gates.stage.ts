import type { NotifierChannelRegistry } from '../channels/notifier-channel.registry.js';
import type { GateContext, NotificationGate } from '../gates/notification-gate.interface.js';
import { runGates } from '../gates/run-gates.util.js';
import { isScreeningGate } from '../gates/screening-gate.interface.js';
import type { NotificationPlan, PlannedDelivery } from '../planning/notification-plan.interface.js';
import type { GatedPlan, NotSentDelivery } from './pipeline.interface.js';

/**
 * Third stage: every planned delivery with an address passes the gates in
 * order (preferences, the suppression list, quiet hours, throttles, the
 * application's own; all of a plan at once, one `checkMany` a gate). Answers
 * each delivery's outcome in plan order: allowed, recorded but not sent, or
 * held by a gate for a digest or a later time. Writes nothing.
 */
export class GatesStage {
  /** Channels whose address a screening gate (the suppression list) checks. */
  private readonly screened: ReadonlySet<string>;

  constructor(
    private readonly gates: readonly NotificationGate[],
    private readonly channels: NotifierChannelRegistry,
  ) {
    this.screened = new Set(
      gates.flatMap((gate) => (isScreeningGate(gate) ? [...gate.screens] : [])),
    );
  }

  async run(
    plan: NotificationPlan,
    stage: GateContext['stage'],
    now = Date.now(),
  ): Promise<GatedPlan> {
    const { notification } = plan;
    const gated: GatedPlan = { plan, deliveries: [] };
    const contexts: GateContext[] = [];
    const planned: PlannedDelivery[] = [];
    for (const { profile, deliveries } of plan.recipients) {
      for (const delivery of deliveries) {
        const address = this.channels.addressOf(delivery.channel, profile) ?? '';
        if (delivery.skipped !== undefined) {
          const { channel, skipped: reason } = delivery;
          const part: NotSentDelivery = { channel, profile, address, status: 'skipped', reason };
          gated.deliveries.push({ action: 'not-sent', part });
          continue;
        }
        contexts.push({
          notification,
          recipient: profile,
          channel: delivery.channel,
          address,
          now,
          stage,
        });
        planned.push(delivery);
      }
    }
    const answers = await runGates(this.gates, contexts);
    answers.forEach((answer, i) => {
      const ctx = contexts[i];
      const { content, sms } = planned[i];
      switch (answer.action) {
        case 'allow':
          gated.deliveries.push({
            action: 'allow',
            ctx,
            content,
            screened: ctx.address !== '' && this.screened.has(ctx.channel),
            ...(sms && { sms }),
          });
          return;
        case 'suppress':
          gated.deliveries.push({
            action: 'not-sent',
            part: {
              channel: ctx.channel,
              profile: ctx.recipient,
              address: ctx.address,
              status: answer.status ?? 'suppressed',
              reason: answer.reason,
            },
          });
          return;
        case 'defer':
          gated.deliveries.push({ ...answer, ctx, content, ...(sms && { sms }) });
          return;
        default:
          gated.deliveries.push({ ...answer, ctx, content });
      }
    });
    return gated;
  }
}
