import { GateDecisions } from './gate-decisions.js';
import type { GateContext, NotificationGate } from './notification-gate.interface.js';
import { runGates } from './run-gates.util.js';

const ctx = (channel: string, id: string): GateContext => ({
  notification: { id: 'ntf_1', type: 'T', category: 'c', critical: false },
  recipient: { id },
  channel,
  address: id,
  now: 0,
  stage: 'notify',
});

describe('runGates', () => {
  it('allows everything without gates', async () => {
    expect(await runGates([], [ctx('sms', 'a')])).toEqual([{ action: 'allow' }]);
  });

  it('runs gates in order; the first answer other than allow wins; later gates see only what is still allowed', async () => {
    const seen: string[][] = [];
    const optOut: NotificationGate = {
      name: 'opt-out',
      check: (c) =>
        c.recipient.id === 'b' ? GateDecisions.suppress('opted out') : GateDecisions.allow(),
    };
    const limiter: NotificationGate = {
      name: 'limit',
      checkMany: (cs) => {
        seen.push(cs.map((c) => c.recipient.id!));
        return cs.map((c) =>
          c.recipient.id === 'c'
            ? GateDecisions.suppress('too many', 'throttled')
            : GateDecisions.defer(99),
        );
      },
    };
    const decisions = await runGates(
      [optOut, limiter],
      ['a', 'b', 'c'].map((id) => ctx('sms', id)),
    );
    expect(seen).toEqual([['a', 'c']]);
    expect(decisions).toEqual([
      { action: 'defer', untilMs: 99, reason: undefined },
      { action: 'suppress', reason: 'opted out', status: 'suppressed' },
      { action: 'suppress', reason: 'too many', status: 'throttled' },
    ]);
  });

  it('names a gate that answers the wrong number of decisions, or cannot answer', async () => {
    await expect(
      runGates([{ name: 'short', checkMany: () => [] }], [ctx('sms', 'a')]),
    ).rejects.toThrow(/gate "short" answered 0 decisions for 1 deliveries/);
    await expect(runGates([{ name: 'mute' }], [ctx('sms', 'a')])).rejects.toThrow(
      /gate "mute" has neither check\(\) nor checkMany\(\)/,
    );
  });
});
