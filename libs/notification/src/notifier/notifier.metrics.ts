import type { MetricsCollectorProtocol } from '@herald/contracts';
import type {
  DeliveryObserver,
  DeliverySettledEvent,
} from '../delivery/reliable/delivery-engine.js';

/** Metric names the notifier publishes through `METRICS_COLLECTOR`. */
export const NOTIFIER_METRICS = {
  /** Counter of `notify()` calls (duplicates excluded), labelled `type`, `category`. */
  notifications: 'herald_notifications_total',
  /** Counter of deliveries by `type`, `channel` and `outcome` (`NotificationOutcome`). */
  deliveries: 'herald_notification_deliveries_total',
  /** Histogram of `notify()` call durations in seconds, labelled `type`. */
  notifyDuration: 'herald_notify_duration_seconds',
  /** Counter of SMS segments rendered (what carriers bill), labelled `type`, `encoding` (`GSM-7`, `UCS-2`). */
  smsSegments: 'herald_notification_sms_segments_total',
} as const;

/**
 * How a delivery of a notification ended: `sent` (the provider accepted it),
 * `failed` (permanently, or retries exhausted), or not sent: `skipped` (no
 * address), `suppressed` (a gate: preference, suppression list), `throttled`
 * (rate limit), `digested` (folded into a digest), `deferred` (a gate
 * moved it later: quiet hours, a rate limit), `cancelled` (by
 * `NotifierService.cancel()` before it was sent).
 */
export type NotificationOutcome =
  | 'sent'
  | 'failed'
  | 'skipped'
  | 'suppressed'
  | 'throttled'
  | 'digested'
  | 'deferred'
  | 'cancelled';

/**
 * Counts notifications and their delivery outcomes. `sent` and `failed` are
 * counted where the delivery settles (inline, or the queue worker), from the
 * labels the delivery carries (`meta.type`, `meta.channel`).
 */
export class NotifierMetrics implements DeliveryObserver {
  constructor(private readonly metrics?: MetricsCollectorProtocol) {}

  notified(type: string, category: string): void {
    this.metrics?.increment(NOTIFIER_METRICS.notifications, 1, { type, category });
  }

  outcome(type: string, channel: string, outcome: NotificationOutcome, count = 1): void {
    if (count > 0)
      this.metrics?.increment(NOTIFIER_METRICS.deliveries, count, { type, channel, outcome });
  }

  smsSegments(type: string, encoding: string, segments: number): void {
    this.metrics?.increment(NOTIFIER_METRICS.smsSegments, segments, { type, encoding });
  }

  duration(type: string, seconds: number): void {
    this.metrics?.histogram(NOTIFIER_METRICS.notifyDuration, seconds, { type });
  }

  onSettled({ record, meta }: DeliverySettledEvent): void {
    if (!meta?.type) return;
    this.outcome(
      meta.type,
      meta.channel ?? record.channel,
      record.status === 'sent' ? 'sent' : 'failed',
    );
  }
}
