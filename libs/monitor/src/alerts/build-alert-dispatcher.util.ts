import type { AlertDispatcherProtocol, SloConfig } from '@herald/contracts';
import { parseSloTier } from '../slo/slo-tier.enum.js';
import type { AlertEventEmitter } from './alert-dispatcher.base.js';
import { AlertmanagerAlertDispatcher } from './alertmanager-alert.dispatcher.js';
import { LoggingAlertDispatcher } from './logging-alert.dispatcher.js';
import { PagerDutyAlertDispatcher } from './pagerduty-alert.dispatcher.js';
import { SlackAlertDispatcher } from './slack-alert.dispatcher.js';
import { TeamsAlertDispatcher } from './teams-alert.dispatcher.js';
import { RoutingAlertDispatcher } from './routing-alert.dispatcher.js';

/**
 * The `ALERT_DISPATCHER` a config asks for: the logging dispatcher, or, when
 * `slo.alertmanager_url`, `slack_webhook_url`, `teams_webhook_url` or
 * `pagerduty_routing_key` is set, a router sending each tier to the
 * dispatchers named in `slo.alert_routes` (unlisted tiers: log, and
 * alertmanager when configured).
 */
export function buildAlertDispatcher(
  slo:
    | (Pick<SloConfig, 'alertmanagerUrl' | 'alertRoutes'> &
        Partial<
          Pick<
            SloConfig,
            | 'alertmanagerUsername'
            | 'alertmanagerPassword'
            | 'alertmanagerBearerToken'
            | 'slackWebhookUrl'
            | 'teamsWebhookUrl'
            | 'pagerdutyRoutingKey'
            | 'pagerdutyUrl'
          >
        >)
    | undefined,
  emitter?: AlertEventEmitter,
): AlertDispatcherProtocol {
  if (
    !slo?.alertmanagerUrl &&
    !slo?.slackWebhookUrl &&
    !slo?.teamsWebhookUrl &&
    !slo?.pagerdutyRoutingKey
  )
    return new LoggingAlertDispatcher({ emitter });
  const byName: Record<string, AlertDispatcherProtocol> = { log: new LoggingAlertDispatcher() };
  if (slo.alertmanagerUrl)
    byName.alertmanager = new AlertmanagerAlertDispatcher({
      url: slo.alertmanagerUrl,
      username: slo.alertmanagerUsername,
      password: slo.alertmanagerPassword,
      bearerToken: slo.alertmanagerBearerToken,
    });
  if (slo.slackWebhookUrl)
    byName.slack = new SlackAlertDispatcher({ webhookUrl: slo.slackWebhookUrl });
  if (slo.teamsWebhookUrl)
    byName.teams = new TeamsAlertDispatcher({ webhookUrl: slo.teamsWebhookUrl });
  if (slo.pagerdutyRoutingKey)
    byName.pagerduty = new PagerDutyAlertDispatcher({
      routingKey: slo.pagerdutyRoutingKey,
      baseUrl: slo.pagerdutyUrl,
    });
  const routes: Record<string, AlertDispatcherProtocol[]> = {};
  for (const [tier, names] of Object.entries(slo.alertRoutes ?? {})) {
    routes[parseSloTier(tier) ?? tier] = String(names)
      .split(',')
      .map((name) => byName[name.trim()])
      .filter((target): target is AlertDispatcherProtocol => target !== undefined);
  }
  return new RoutingAlertDispatcher({
    routes,
    fallback: [byName.log, ...(byName.alertmanager ? [byName.alertmanager] : [])],
    emitter,
  });
}
