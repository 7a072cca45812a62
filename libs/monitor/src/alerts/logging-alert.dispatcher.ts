import { Logger, type LoggerService } from '@nestjs/common';
import type { AlertContext, AlertSeverity } from '@herald/contracts';
import { BaseAlertDispatcher, type AlertDispatcherOptions } from './alert-dispatcher.base.js';
import { formatAlertContext } from './format-alert-context.util.js';

const ERROR_SEVERITIES = new Set(['high', 'critical', 'error', 'page']);

export interface LoggingAlertDispatcherOptions extends AlertDispatcherOptions {
  /** @default new Logger('HeraldAlerts') */
  logger?: Pick<LoggerService, 'warn' | 'error'>;
}

/** Log level of a severity: high and critical are errors, everything else a warning. */
export function alertLogLevel(severity: AlertSeverity): 'warn' | 'error' {
  return ERROR_SEVERITIES.has(String(severity).toLowerCase()) ? 'error' : 'warn';
}

/**
 * The default `ALERT_DISPATCHER`: one structured log line per alert,
 * `alert title="..." severity=high message="..." key=value ...`. Low and
 * medium log at warn, high and critical at error; a metric alert logs at
 * warn unless the value is more than 100 % over the threshold.
 *
 * @example new LoggingAlertDispatcher().sendAlert('Disk', 'almost full', 'high', { host: 'db1' })
 */
export class LoggingAlertDispatcher extends BaseAlertDispatcher {
  private readonly logger: Pick<LoggerService, 'warn' | 'error'>;

  constructor(options: LoggingAlertDispatcherOptions = {}) {
    super(options);
    this.logger = options.logger ?? new Logger('HeraldAlerts');
  }

  protected async deliver(
    title: string,
    message: string,
    severity: AlertSeverity,
    context?: AlertContext,
  ): Promise<void> {
    const line = formatAlertContext({ title, severity, message, ...context });
    this.logger[alertLogLevel(severity)](`alert ${line}`);
  }
}
