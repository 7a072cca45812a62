import { slackPayload, type ChatContent } from '@herald/contracts/internal';
import { ChatWebhookAlertDispatcher } from './chat-webhook-alert.dispatcher.js';

export type { ChatAlertDispatcherOptions } from './chat-webhook-alert.dispatcher.js';

/**
 * Posts alerts to a Slack channel through an incoming webhook, as Block Kit
 * (the payload `@herald/notification`'s Slack driver sends), and a
 * `RESOLVED:` message when an SLO recovers.
 *
 * @example new SlackAlertDispatcher({ webhookUrl: process.env.SLACK_ALERTS_WEBHOOK! })
 */
export class SlackAlertDispatcher extends ChatWebhookAlertDispatcher {
  protected readonly label = 'Slack webhook';
  protected readonly code = 'HERALD_SLACK_ALERT';

  protected payload(content: ChatContent): unknown {
    return slackPayload(content);
  }
}
