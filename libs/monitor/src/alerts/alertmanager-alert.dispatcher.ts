import type { AlertContext, AlertSeverity } from '@herald/contracts';
import { redactUrlCredentials } from '@herald/contracts/internal';
import { MonitoringError } from '../errors/index.js';
import {
  alertNameOf,
  BaseAlertDispatcher,
  type AlertDispatcherOptions,
} from './alert-dispatcher.base.js';

export interface AlertmanagerAlertDispatcherOptions extends AlertDispatcherOptions {
  /** Base URL of Alertmanager, e.g. `http://alertmanager:9093`. */
  url: string;
  /** @default 5000 */
  timeoutMs?: number;
  /** Labels added to every alert (e.g. `{ service: 'orders' }`). */
  labels?: Record<string, string>;
  /** `generatorURL` of each alert (where the alert comes from). */
  generatorUrl?: string;
  /** Extra request headers (e.g. `Authorization`). */
  headers?: Record<string, string>;
}

/** One alert of Alertmanager's `POST /api/v2/alerts` body. */
export interface AlertmanagerAlert {
  labels: Record<string, string>;
  annotations: Record<string, string>;
  startsAt: string;
  generatorURL?: string;
}

const LABEL_CONTEXT_KEYS = ['tier', 'owner', 'slo', 'metric'] as const;

/** An Alertmanager alert for one Herald alert: labels from name, severity, tier and owner. */
export function toAlertmanagerAlert(
  title: string,
  message: string,
  severity: AlertSeverity,
  context: AlertContext = {},
  extra: { labels?: Record<string, string>; generatorUrl?: string; now?: Date } = {},
): AlertmanagerAlert {
  const labels: Record<string, string> = {
    ...extra.labels,
    alertname: alertNameOf(title, context),
    severity: String(severity),
  };
  for (const key of LABEL_CONTEXT_KEYS) {
    const value = context[key];
    if (value !== undefined && value !== null && value !== '') labels[key] = String(value);
  }
  const annotations: Record<string, string> = { summary: title, message };
  const runbook = context.runbookUrl ?? context.runbook_url;
  if (typeof runbook === 'string' && runbook) annotations.runbook_url = runbook;
  const alert: AlertmanagerAlert = {
    labels,
    annotations,
    startsAt: (extra.now ?? new Date()).toISOString(),
  };
  if (extra.generatorUrl) alert.generatorURL = extra.generatorUrl;
  return alert;
}

/**
 * Posts each alert to Prometheus Alertmanager (`POST /api/v2/alerts`), so its
 * routing, grouping, silences and receivers apply. A refused post throws a
 * `MonitoringError` with Alertmanager's status and answer.
 *
 * @example new AlertmanagerAlertDispatcher({ url: 'http://127.0.0.1:9093' })
 */
export class AlertmanagerAlertDispatcher extends BaseAlertDispatcher {
  private readonly endpoint: string;

  constructor(private readonly options: AlertmanagerAlertDispatcherOptions) {
    super(options);
    this.endpoint = `${options.url.replace(/\/+$/, '')}/api/v2/alerts`;
  }

  protected async deliver(
    title: string,
    message: string,
    severity: AlertSeverity,
    context?: AlertContext,
  ): Promise<void> {
    const alert = toAlertmanagerAlert(title, message, severity, context, {
      labels: this.options.labels,
      generatorUrl: this.options.generatorUrl,
    });
    let response: Response;
    try {
      response = await fetch(this.endpoint, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...this.options.headers },
        body: JSON.stringify([alert]),
        signal: AbortSignal.timeout(this.options.timeoutMs ?? 5000),
      });
    } catch (error) {
      throw new MonitoringError(
        `Alertmanager at ${redactUrlCredentials(this.endpoint)} is unreachable: ${(error as Error).message}. Check the alertmanager URL.`,
        { code: 'HERALD_ALERTMANAGER_UNREACHABLE', cause: error },
      );
    }
    if (!response.ok) {
      const body = (await response.text()).slice(0, 500);
      throw new MonitoringError(
        `Alertmanager at ${redactUrlCredentials(this.endpoint)} refused alert "${alert.labels.alertname}": HTTP ${response.status} ${body}`,
        { code: 'HERALD_ALERTMANAGER_REFUSED' },
      );
    }
    await response.arrayBuffer().catch(() => undefined);
  }
}
