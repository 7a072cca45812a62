import type {
  GateContext,
  GateDecision,
  NotificationGate,
} from '../notifier/gates/notification-gate.interface.js';
import { GateDecisions } from '../notifier/gates/gate-decisions.js';
import type { ScreeningGate } from '../notifier/gates/screening-gate.interface.js';
import type { SuppressionChannel } from './suppression-entry.js';
import { suppressedReason, type SuppressionService } from './suppression.service.js';

const CHECKED = new Set(['sms', 'mail']);

/**
 * The suppression list as a notifier gate: an SMS or mail delivery to a
 * suppressed address (for every category, or the notification's) is
 * recorded `suppressed` with the entry's reason. One store query per
 * `notify()`, and the only one for these deliveries (reliable delivery does not
 * look them up again). Push deliveries are checked per device token by
 * reliable delivery (the gate only knows the user). `critical` notifications are
 * suppressed too: the address cannot or must not receive them.
 */
export class SuppressionGate implements NotificationGate, ScreeningGate {
  readonly name = 'suppression-list';
  /** What it checks; reliable delivery does not check a delivery it allowed again. */
  readonly screens: ReadonlySet<string> = CHECKED;

  constructor(private readonly suppressions: SuppressionService) {}

  async checkMany(contexts: readonly GateContext[]): Promise<GateDecision[]> {
    const checked = contexts.flatMap((ctx, i) =>
      CHECKED.has(ctx.channel) && ctx.address ? [i] : [],
    );
    const decisions = contexts.map(() => GateDecisions.allow());
    if (checked.length === 0) return decisions;
    const found = await this.suppressions.checkMany(
      checked.map((i) => ({
        channel: contexts[i].channel as SuppressionChannel,
        address: contexts[i].address,
        category: contexts[i].notification.category,
      })),
    );
    checked.forEach((i, j) => {
      const entry = found[j];
      if (entry) decisions[i] = GateDecisions.suppress(suppressedReason(entry));
    });
    return decisions;
  }
}
