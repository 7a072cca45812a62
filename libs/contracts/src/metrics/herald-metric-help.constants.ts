/**
 * HELP text of the metrics Herald records itself by name (`increment`, `gauge`,
 * `histogram` on `METRICS_COLLECTOR`). Those calls carry no description, so the
 * collector looks the name up here when it creates the instrument; without it
 * the exposition's HELP line would repeat the metric's name.
 */
export const HERALD_METRIC_HELP: Readonly<Record<string, string>> = Object.freeze({
  // @herald/monitor: the HTTP metrics middleware, HTTP server spans, database instrumentation, SLOs
  http_requests_total: 'HTTP requests served',
  http_request_duration_seconds: 'HTTP request duration in seconds',
  http_requests_active: 'HTTP requests in progress',
  http_server_requests_total: 'HTTP requests answered, by method, route and status code',
  http_server_request_duration_seconds:
    'Time to answer an HTTP request, in seconds, by method and route',
  db_queries_total: 'Database queries run through instrumentDatabase(), by operation and status',
  db_query_duration_seconds: 'Duration of instrumented database queries, in seconds, by operation',
  slo_measured_value_ms: 'Measured value of the SLO metric over its window, in milliseconds',
  slo_burn_rate: 'Error-budget burn rate of the SLO over its window (1 spends the budget exactly)',
  slo_in_violation: '1 while the SLO is violated over its window, else 0',
  // @herald/notification: channels, reliable delivery, queue, feedback, notifier
  notification_sent_total:
    'Sends attempted on a notification channel, by channel, backend and outcome',
  notification_send_duration_seconds:
    'Duration of one send to a channel backend, in seconds, by channel and backend',
  herald_delivery_sent_total: 'Deliveries a backend accepted, by channel and backend',
  herald_delivery_errors_total: 'Failed delivery attempts, by channel and backend',
  herald_delivery_suppressed_total:
    'Recipients dropped because they are on the suppression list, by channel',
  herald_delivery_queue_depth: 'Deliveries waiting in the queue (waiting plus delayed jobs)',
  herald_delivery_in_flight: 'Deliveries a queue worker is sending now',
  herald_delivery_dead: 'Deliveries in the dead-letter set after their last attempt failed',
  herald_delivery_orphans_found_total:
    'Queued delivery records the sweeper found without a queue job (a caller killed mid fan-out)',
  herald_delivery_orphans_requeued_total:
    'Orphaned delivery records whose queue job the sweeper added again',
  herald_delivery_orphaned: 'Queued delivery records without a queue job at the last sweep',
  herald_notification_delivery_feedback_total:
    'Provider feedback on deliveries (delivered, bounced, complained, ...), by channel, provider and outcome',
  herald_notifications_total:
    'notify() calls, duplicates excluded, by notification type and category',
  herald_notification_deliveries_total: 'Deliveries of notifications by type, channel and outcome',
  herald_notify_duration_seconds: 'Duration of notify() calls, in seconds, by notification type',
  herald_notification_sms_segments_total:
    'SMS segments sent by notifications (what carriers bill), by notification type and encoding (GSM-7, UCS-2)',
});

/** The HELP text of Herald's own metric `name`, or `undefined` for any other metric. */
export function heraldMetricHelp(name: string): string | undefined {
  return Object.prototype.hasOwnProperty.call(HERALD_METRIC_HELP, name)
    ? HERALD_METRIC_HELP[name]
    : undefined;
}
