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
}
