import type { NotificationGate } from './notification-gate.interface.js';

/**
 * A gate that checks delivery addresses against the suppression list (the
 * suppression module's gate). The gates stage marks what such a gate let
 * through as screened, so reliable delivery's suppression guard does not look
 * the same address up a second time.
 */
export interface ScreeningGate extends NotificationGate {
  /** The channels whose `address` the gate checks (`sms`, `mail`). */
  readonly screens: ReadonlySet<string>;
}

export const isScreeningGate = (gate: NotificationGate): gate is ScreeningGate =>
  (gate as Partial<ScreeningGate>).screens instanceof Set;
