import type { AlertContext, AlertSeverity } from '@herald/contracts';
import { REDACTED, redactText, secretRedactor } from '@herald/contracts/internal';
import { MonitoringError } from '../errors/index.js';
import {
  alertNameOf,
  BaseAlertDispatcher,
  type AlertDispatcherOptions,
} from './alert-dispatcher.base.js';
import {
  resolveAlertmanagerTarget,
  type AlertmanagerAuthOptions,
  type AlertmanagerTarget,
} from './alertmanager-target.util.js';

export interface AlertmanagerAlertDispatcherOptions
  extends AlertDispatcherOptions, AlertmanagerAuthOptions {
  /**
   * Base URL of Alertmanager, e.g. `http://alertmanager:9093`. Credentials in
   * it (`https://user:pass@am:9093`) are sent as basic auth, never in the URL.
   */
  url: string;
  /** @default 5000 */
  timeoutMs?: number;
  /** Labels added to every alert (e.g. `{ service: 'orders' }`). */
  labels?: Record<string, string>;
  /** `generatorURL` of each alert (where the alert comes from). */
  generatorUrl?: string;
  /** Extra request headers (an `Authorization` from the credentials above wins). */
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

/** What went wrong in fetch, as its root cause says it (`ECONNREFUSED 127.0.0.1:9093`, a timeout). */
function fetchFailure(error: unknown): string {
  const cause = (error as { cause?: { code?: string; message?: string } })?.cause;
  const root = cause?.message ?? (error as Error)?.message ?? String(error);
  return cause?.code && !root.includes(cause.code) ? `${cause.code}: ${root}` : root;
}

/**
 * Posts each alert to Prometheus Alertmanager (`POST /api/v2/alerts`), so its
 * routing, grouping, silences and receivers apply. Basic auth (from
 * `username`/`password` or the URL's `user:pass@`) or a bearer token is sent
 * as an `Authorization` header. A failed or refused post throws a
 * `MonitoringError` with the cause, Alertmanager's status and answer, and no
 * credential in it.
 *
 * @throws HeraldValueError at construction for an invalid URL or two kinds of credentials.
 * @example new AlertmanagerAlertDispatcher({ url: 'http://127.0.0.1:9093', bearerToken })
 */
export class AlertmanagerAlertDispatcher extends BaseAlertDispatcher {
  private readonly target: AlertmanagerTarget;
  private readonly scrub: (text: string) => string;

  constructor(private readonly options: AlertmanagerAlertDispatcherOptions) {
    super(options);
    this.target = resolveAlertmanagerTarget(options.url, options);
    const secrets = [options.password, options.bearerToken].filter(
      (s): s is string => typeof s === 'string' && s.length >= 3,
    );
    const byUrl = secretRedactor(options.url);
    this.scrub = (text) =>
      redactText(byUrl(secrets.reduce((t, s) => t.split(s).join(REDACTED), text)));
  }

  private headers(): Record<string, string> {
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    const { authorization } = this.target;
    for (const [name, value] of Object.entries(this.options.headers ?? {}))
      if (!(authorization && name.toLowerCase() === 'authorization')) headers[name] = value;
    if (authorization) headers.authorization = authorization;
    return headers;
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
      response = await fetch(this.target.endpoint, {
        method: 'POST',
        headers: this.headers(),
        body: JSON.stringify([alert]),
        signal: AbortSignal.timeout(this.options.timeoutMs ?? 5000),
      });
    } catch (error) {
      // no `cause`: a client error may quote what it was given; the scrubbed root cause is in the message
      throw new MonitoringError(
        `Alertmanager at ${this.target.endpoint} is unreachable: ${this.scrub(fetchFailure(error))}. Check the alertmanager URL.`,
        { code: 'HERALD_ALERTMANAGER_UNREACHABLE' },
      );
    }
    if (!response.ok) {
      const body = this.scrub((await response.text()).slice(0, 500));
      const hint =
        response.status === 401 || response.status === 403
          ? ' (check the Alertmanager credentials)'
          : '';
      throw new MonitoringError(
        `Alertmanager at ${this.target.endpoint} refused alert "${alert.labels.alertname}": HTTP ${response.status} ${body}${hint}`,
        { code: 'HERALD_ALERTMANAGER_REFUSED' },
      );
    }
    await response.arrayBuffer().catch(() => undefined);
  }
}
