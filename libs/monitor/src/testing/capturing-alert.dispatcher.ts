import type { AlertContext, AlertSeverity } from '@herald/contracts';
import {
  BaseAlertDispatcher,
  type AlertDispatcherOptions,
} from '../alerts/alert-dispatcher.base.js';

/** One alert a `CapturingAlertDispatcher` received. */
export interface CapturedAlert {
  title: string;
  message: string;
  severity: AlertSeverity;
  context: AlertContext;
  at: Date;
}

/**
 * An `ALERT_DISPATCHER` for tests: keeps every alert in `alerts` instead of
 * sending it (metric alerts arrive as alerts, `critical` when more than 100 % over, else `warning`).
 *
 * @example
 * const alerts = new CapturingAlertDispatcher();
 * Test.createTestingModule({ imports: [MonitorModule.withSlo()] }).overrideProvider(ALERT_DISPATCHER).useValue(alerts)
 */
export class CapturingAlertDispatcher extends BaseAlertDispatcher {
  readonly alerts: CapturedAlert[] = [];

  constructor(options: AlertDispatcherOptions = {}) {
    super(options);
  }

  /** Alerts whose title or `context.alertName` equals `name`. */
  named(name: string): CapturedAlert[] {
    return this.alerts.filter((a) => a.title === name || a.context.alertName === name);
  }

  clear(): void {
    this.alerts.length = 0;
  }

  protected async deliver(
    title: string,
    message: string,
    severity: AlertSeverity,
    context: AlertContext = {},
  ): Promise<void> {
    this.alerts.push({ title, message, severity, context, at: new Date() });
  }
}
