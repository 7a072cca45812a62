import type { AlertContext, AlertSeverity } from '@herald/contracts';
import { isSecretKey } from '@herald/contracts/internal';
import {
  alertNameOf,
  BaseAlertDispatcher,
  type AlertDispatcherOptions,
} from './alert-dispatcher.base.js';
import { alertSecretScrubber, postAlertJson } from './post-alert-json.util.js';

export interface PagerDutyAlertDispatcherOptions extends AlertDispatcherOptions {
  /** The integration (routing) key of an Events API v2 integration: a secret. */
  routingKey: string;
  /** @default 'https://events.pagerduty.com' */
  baseUrl?: string;
  /** `payload.source`: the host or service the alerts are about. @default 'herald' */
  source?: string;
  /** @default 5000 */
  timeoutMs?: number;
}

/** PagerDuty's four severities. */
function pagerDutySeverity(severity: AlertSeverity): 'critical' | 'error' | 'warning' | 'info' {
  const s = String(severity).toLowerCase();
  if (s === 'critical') return 'critical';
  if (s === 'high' || s === 'error') return 'error';
  if (s === 'warning' || s === 'medium') return 'warning';
  return 'info';
}

/**
 * PagerDuty Events API v2 (`POST /v2/enqueue`): a `trigger` per alert, with
 * `dedup_key` `herald:<alert name>` so repeats of one alert stay one incident,
 * and a `resolve` with the same key when the SLO recovers, so the incident
 * closes by itself.
 *
 * @example new PagerDutyAlertDispatcher({ routingKey: process.env.PD_ROUTING_KEY! })
 */
export class PagerDutyAlertDispatcher extends BaseAlertDispatcher {
  private readonly url: string;
  private readonly scrub: (text: string) => string;

  constructor(private readonly options: PagerDutyAlertDispatcherOptions) {
    super(options);
    this.url = `${(options.baseUrl ?? 'https://events.pagerduty.com').replace(/\/$/, '')}/v2/enqueue`;
    this.scrub = alertSecretScrubber(options.routingKey);
  }

  /** The `dedup_key` of an alert: one incident per alert name. */
  static dedupKeyOf(title: string, context?: AlertContext): string {
    return `herald:${alertNameOf(title, context)}`.slice(0, 255);
  }

  async resolveAlert(title: string, _message: string, context?: AlertContext): Promise<void> {
    await this.post({
      routing_key: this.options.routingKey,
      event_action: 'resolve',
      dedup_key: PagerDutyAlertDispatcher.dedupKeyOf(title, context),
    });
  }

  protected async deliver(
    title: string,
    message: string,
    severity: AlertSeverity,
    context: AlertContext = {},
  ): Promise<void> {
    const details: Record<string, unknown> = { message };
    for (const [key, value] of Object.entries(context))
      if (value !== undefined && !isSecretKey(key)) details[key] = value;
    const runbook = context.runbookUrl ?? context.runbook_url;
    await this.post({
      routing_key: this.options.routingKey,
      event_action: 'trigger',
      dedup_key: PagerDutyAlertDispatcher.dedupKeyOf(title, context),
      payload: {
        summary: title.slice(0, 1024),
        source: this.options.source ?? 'herald',
        severity: pagerDutySeverity(severity),
        timestamp: new Date().toISOString(),
        ...(typeof context.metric === 'string' ? { component: context.metric } : {}),
        ...(typeof context.tier === 'string' ? { group: context.tier } : {}),
        custom_details: details,
      },
      ...(typeof runbook === 'string' && /^https?:\/\//.test(runbook)
        ? { links: [{ href: runbook, text: 'Runbook' }] }
        : {}),
    });
  }

  private post(event: Record<string, unknown>): Promise<string> {
    return postAlertJson('PagerDuty Events API', this.url, event, {
      timeoutMs: this.options.timeoutMs ?? 5000,
      scrub: this.scrub,
      code: 'HERALD_PAGERDUTY',
    });
  }
}
