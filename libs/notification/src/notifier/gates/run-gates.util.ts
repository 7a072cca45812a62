import { HeraldError } from '@herald/contracts';
import type { GateContext, GateDecision, NotificationGate } from './notification-gate.interface.js';
import { GateDecisions } from './gate-decisions.js';

/**
 * The decision for each context: every gate in order sees the contexts
 * still allowed; the first other answer wins. No gates: all allowed, no work.
 */
export async function runGates(
  gates: readonly NotificationGate[],
  contexts: readonly GateContext[],
): Promise<GateDecision[]> {
  const decisions: GateDecision[] = new Array(contexts.length).fill(GateDecisions.allow());
  let open = contexts.map((_, i) => i);
  for (const gate of gates) {
    if (open.length === 0) break;
    const batch = open.map((i) => contexts[i]);
    const answers = gate.checkMany
      ? await gate.checkMany(batch)
      : gate.check
        ? await Promise.all(batch.map((context) => gate.check!(context)))
        : undefined;
    if (!answers || answers.length !== batch.length) {
      throw new HeraldError(
        `notification gate "${gate.name}" ${answers ? `answered ${answers.length} decisions for ${batch.length} deliveries` : 'has neither check() nor checkMany()'}; ` +
          'answer one decision per context, in order',
        { code: 'HERALD_NOTIFIER_BAD_GATE' },
      );
    }
    const still: number[] = [];
    answers.forEach((decision, j) => {
      if (decision.action === 'allow') still.push(open[j]);
      else decisions[open[j]] = decision;
    });
    open = still;
  }
  return decisions;
}
