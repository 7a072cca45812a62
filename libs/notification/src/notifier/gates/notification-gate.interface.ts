import type { RecipientProfile } from '../recipients/recipient.interface.js';
import type { TimingRules } from '../timing/timing-rules.js';

/** The notification a gate is asked about (JSON: gates also run in the worker at a scheduled time). */
export interface NotificationDescriptor extends TimingRules {
  id: string;
  type: string;
  category: string;
  critical: boolean;
  /** The notification's `defaultPreferences` (channels on or off until the user chooses), when it has any. */
  defaultPreferences?: Readonly<Record<string, boolean>>;
}

/** One delivery a gate decides on: a notification, a recipient, a channel. */
export interface GateContext {
  notification: NotificationDescriptor;
  recipient: RecipientProfile;
  /** The notifier channel (`sms`, `push`, `mail`, `inbox` or a custom name). */
  channel: string;
  /** The address the delivery goes to (a push delivery: `user` until the device tokens are known). */
  address: string;
  /** When the decision is made (epoch ms): now, or the scheduled / deferred time in the worker. */
  now: number;
  /** `notify`: during the `notify()` call; `due`: in the worker, for a scheduled or deferred dispatch. */
  stage: 'notify' | 'due';
}

/**
 * A gate's answer for one delivery:
 * - `allow`: go on (to the next gate, then to the channel);
 * - `suppress`: record it as not sent (`status` `suppressed`, or `throttled`
 *   for a rate limit) with `reason`, and send nothing;
 * - `defer`: dispatch it at `untilMs` instead (the gates run again then);
 * - `digest`: hand it to the `NotificationDigester` under `key` and record it `digested`.
 */
export type GateDecision =
  | { action: 'allow' }
  | { action: 'suppress'; reason: string; status?: 'suppressed' | 'throttled' }
  | { action: 'defer'; untilMs: number; reason?: string }
  | { action: 'digest'; key: string; windowMs?: number };

/**
 * A stage between "which channels for whom" and "send": preferences, quiet
 * hours, rate limits, digests and suppression lists are gates. Gates run in
 * the order given to `NotifierModule.forRoot({}, { gates: [...] })` (Nest
 * providers, so they can inject stores); the first answer other than
 * `allow` wins. With no gate, everything is allowed.
 *
 * Implement `check` (one delivery) or `checkMany` (a whole `notify()` at
 * once: one query for 10,000 recipients instead of 10,000). `critical`
 * notifications are passed to gates like any other; a gate decides whether
 * `critical` bypasses it.
 *
 * @example
 * @Injectable()
 * class OptOutGate implements NotificationGate {
 *   readonly name = 'opt-out';
 *   async check(ctx: GateContext) {
 *     return (await this.prefs.optedOut(ctx.recipient.id, ctx.channel))
 *       ? GateDecisions.suppress('user opted out') : GateDecisions.allow();
 *   }
 * }
 */
export interface NotificationGate {
  /** Shown in records and logs. */
  readonly name: string;
  check?(context: GateContext): GateDecision | Promise<GateDecision>;
  /** Decisions for `contexts`, in the same order. */
  checkMany?(
    contexts: readonly GateContext[],
  ): readonly GateDecision[] | Promise<readonly GateDecision[]>;
}

/** One digested delivery, as the digester receives it. */
export interface DigestEntry {
  key: string;
  windowMs?: number;
  context: GateContext;
  /** The rendered content of the delivery (JSON). */
  content: unknown;
}

/**
 * Receives deliveries a gate answered `digest` for, and later sends the
 * digest (a notification of its own). Bound with
 * `NotifierModule.forRoot({}, { digester: MyDigester })`; without one, a
 * `digest` answer fails `notify()` with a `NotifierConfigError`.
 */
export interface NotificationDigester {
  add(entries: readonly DigestEntry[]): Promise<void>;
}
