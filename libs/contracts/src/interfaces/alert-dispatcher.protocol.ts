export type AlertSeverity =
  'low' | 'medium' | 'high' | 'critical' | 'warning' | 'info' | (string & {});
export type AlertContext = Record<string, unknown>;

/** Sends alerts (bound under `ALERT_DISPATCHER`). */
export interface AlertDispatcherProtocol {
  sendAlert(
    title: string,
    message: string,
    severity: AlertSeverity,
    context?: AlertContext,
  ): Promise<void>;
  sendMetricAlert(
    metricName: string,
    currentValue: number,
    threshold: number,
    context?: AlertContext,
  ): Promise<void>;
  /**
   * Says an alert sent earlier has recovered (same `title` and
   * `context.alertName`): PagerDuty resolves the incident, chat posts a
   * RESOLVED message. Optional: dispatchers without it ignore recoveries.
   */
  resolveAlert?(title: string, message: string, context?: AlertContext): Promise<void>;
}
