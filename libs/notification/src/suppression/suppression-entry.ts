/** The channels a suppression entry applies to (the notifier's names). */
export const SUPPRESSION_CHANNELS = ['sms', 'push', 'mail'] as const;
export type SuppressionChannel = (typeof SUPPRESSION_CHANNELS)[number];

/**
 * Why an address is suppressed: a hard bounce, a spam complaint, an SMS
 * STOP, an unsubscribe (one-click or in-app), a push token the provider
 * declared gone, or an operator's decision.
 */
export const SUPPRESSION_REASONS = [
  'hard_bounce',
  'complaint',
  'sms_stop',
  'unsubscribe',
  'dead_token',
  'manual',
] as const;
export type SuppressionReason = (typeof SUPPRESSION_REASONS)[number];

/** One suppressed address. */
export interface SuppressionEntry {
  /** Stable id of (channel, address, category). */
  id: string;
  channel: SuppressionChannel;
  /** Normalised: lower-case email, E.164 phone, the push token as is. */
  address: string;
  /** The category it applies to; `null` means every category. */
  category: string | null;
  reason: SuppressionReason;
  /** Who added it: `sendgrid`, `twilio`, `one-click`, `admin`, ... */
  source: string;
  createdAt: Date;
}

/** What `SuppressionService.add()` takes. */
export interface NewSuppression {
  channel: SuppressionChannel;
  address: string;
  /** @default null (every category) */
  category?: string | null;
  reason: SuppressionReason;
  /** @default 'manual' */
  source?: string;
}

/** A filter and page of `SuppressionService.list()`. */
export interface SuppressionListQuery {
  channel?: SuppressionChannel;
  /** Matches the normalised address exactly. */
  address?: string;
  /** @default 50 (at most 500) */
  limit?: number;
  /** @default 0 */
  offset?: number;
}

/** One page of entries, newest first, with the total matching the filter. */
export interface SuppressionPage {
  entries: SuppressionEntry[];
  total: number;
  limit: number;
  offset: number;
}

/** One lookup of `SuppressionStore.findMatches()`. */
export interface SuppressionProbe {
  channel: SuppressionChannel;
  /** Normalised. */
  address: string;
  /** The category of the message; entries for it and entries for every category match. */
  category?: string | null;
}
