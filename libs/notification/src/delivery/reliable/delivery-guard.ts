import type { DeliveryChannel } from '../records/delivery-record.js';

/** One message a guard is asked about before its record is written. */
export interface DeliveryGuardItem {
  channel: DeliveryChannel;
  message: unknown;
  /** Labels of the send (`type`, `channel`, `category` for a notification). */
  meta?: Readonly<Record<string, string>>;
  /** Addresses the sender has checked against the suppression list for this send already. */
  screened?: readonly string[];
}

/**
 * A guard's answer: `send` (optionally a changed `message`: headers added,
 * suppressed addresses dropped) or `suppress` with a `reason` for the record.
 */
export type DeliveryGuardVerdict =
  { action: 'send'; message?: unknown } | { action: 'suppress'; reason: string };

/**
 * Consulted by reliable delivery before every send (direct channel and
 * mailer sends, and the notifier's): the suppression list and the one-click
 * unsubscribe headers are guards. Guards run in the order they were added;
 * a `suppress` answer ends the chain. Registered with
 * `DeliveryService.guard()`.
 */
export interface DeliveryGuard {
  screen(items: readonly DeliveryGuardItem[]): Promise<readonly DeliveryGuardVerdict[]>;
}

export const SEND: DeliveryGuardVerdict = Object.freeze({ action: 'send' });
