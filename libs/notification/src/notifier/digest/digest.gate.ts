import { Injectable } from '@nestjs/common';
import { GateDecisions } from '../gates/gate-decisions.js';
import type {
  GateContext,
  GateDecision,
  NotificationGate,
} from '../gates/notification-gate.interface.js';

/**
 * Digests notifications that declare `digest`: each non-critical delivery
 * goes to the digester under `<digest key>/<recipient>/<channel>` (recorded
 * `digested`), and when the window ends the notification's
 * `renderDigest(channel, recipient, batch)` renders one delivery for the
 * whole batch. Needs a digester (`MemoryNotificationDigester`,
 * `RedisNotificationDigester`) and delayed jobs (BullMQ, or `inlineTimers`).
 *
 * @example
 * NotifierModule.forRoot({}, { gates: [DigestGate], digester: MemoryNotificationDigester })
 */
@Injectable()
export class DigestGate implements NotificationGate {
  readonly name = 'digest';

  check(ctx: GateContext): GateDecision {
    const { notification, recipient, channel, address } = ctx;
    const rule = notification.digest;
    if (!rule || notification.critical) return GateDecisions.allow();
    const who = recipient.id ?? address;
    return GateDecisions.digest(
      `${rule.key ?? notification.type}/${who}/${channel}`,
      rule.windowMs,
    );
  }
}
