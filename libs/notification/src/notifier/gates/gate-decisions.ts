import type { GateDecision } from './notification-gate.interface.js';

const ALLOW: GateDecision = Object.freeze({ action: 'allow' });

/** Builders of `GateDecision`s. */
export const GateDecisions = {
  allow: (): GateDecision => ALLOW,
  suppress: (reason: string, status: 'suppressed' | 'throttled' = 'suppressed'): GateDecision => ({
    action: 'suppress',
    reason,
    status,
  }),
  defer: (untilMs: number, reason?: string): GateDecision => ({
    action: 'defer',
    untilMs,
    reason,
  }),
  digest: (key: string, windowMs?: number): GateDecision => ({
    action: 'digest',
    key,
    windowMs,
  }),
} as const;
