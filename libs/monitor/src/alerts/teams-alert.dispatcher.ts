import { teamsPayload, type ChatContent } from '@herald/contracts/internal';
import { ChatWebhookAlertDispatcher } from './chat-webhook-alert.dispatcher.js';

/**
 * Posts alerts to a Microsoft Teams channel through a Workflows webhook, as
 * an Adaptive Card (the payload `@herald/notification`'s Teams driver sends),
 * and a `RESOLVED:` card when an SLO recovers.
 */
export class TeamsAlertDispatcher extends ChatWebhookAlertDispatcher {
  protected readonly label = 'Teams webhook';
  protected readonly code = 'HERALD_TEAMS_ALERT';

  protected payload(content: ChatContent): unknown {
    return teamsPayload(content);
  }
}
