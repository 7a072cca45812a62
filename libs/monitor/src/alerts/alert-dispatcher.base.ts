import {
  ALERT_FIRED_EVENT,
  type AlertContext,
  type AlertDispatcherProtocol,
  type AlertFiredEvent,
  type AlertSeverity,
} from '@herald/contracts';

/** The part of `EventEmitter2` (from `@nestjs/event-emitter`) a dispatcher needs. */
export interface AlertEventEmitter {
  emit(event: string, payload: AlertFiredEvent): unknown;
}

/** Options every Herald dispatcher takes. */
export interface AlertDispatcherOptions {
  /** Where `ALERT_FIRED_EVENT` `{ alertName, severity }` goes for each dispatched alert. */
  emitter?: AlertEventEmitter;
}

/**
 * The name an alert is known by: `context.alertName` when the caller set one
 * (the SLO engine sets the SLO's name), otherwise the title.
 */
export function alertNameOf(title: string, context?: AlertContext): string {
  const named = context?.alertName;
  return typeof named === 'string' && named.length > 0 ? named : title;
}

/** `warning` or `critical` for a metric alert: critical when the value is more than 100 % over. */
export function metricAlertSeverity(currentValue: number, threshold: number): AlertSeverity {
  const over = threshold > 0 ? (currentValue - threshold) / threshold : currentValue > 0 ? 2 : 0;
  return over > 1 ? 'critical' : 'warning';
}

/**
 * Shared behaviour of the dispatchers: `sendMetricAlert` is turned into an
 * alert (`critical` when the value is more than 100 % over the threshold,
 * else `warning`), and `ALERT_FIRED_EVENT` is emitted once
 * the alert has been delivered.
 */
export abstract class BaseAlertDispatcher implements AlertDispatcherProtocol {
  protected readonly emitter?: AlertEventEmitter;

  constructor(options: AlertDispatcherOptions = {}) {
    this.emitter = options.emitter;
  }

  async sendAlert(
    title: string,
    message: string,
    severity: AlertSeverity,
    context?: AlertContext,
  ): Promise<void> {
    await this.deliver(title, message, severity, context);
    this.emitter?.emit(ALERT_FIRED_EVENT, { alertName: alertNameOf(title, context), severity });
  }

  async sendMetricAlert(
    metricName: string,
    currentValue: number,
    threshold: number,
    context?: AlertContext,
  ): Promise<void> {
    const severity = metricAlertSeverity(currentValue, threshold);
    await this.sendAlert(
      `Metric ${metricName} over threshold`,
      `${metricName} is ${currentValue}, threshold ${threshold}`,
      severity,
      { alertName: metricName, ...context, metric: metricName, currentValue, threshold },
    );
  }

  /** Sends one alert; errors propagate to the caller. */
  protected abstract deliver(
    title: string,
    message: string,
    severity: AlertSeverity,
    context?: AlertContext,
  ): Promise<void>;
}
