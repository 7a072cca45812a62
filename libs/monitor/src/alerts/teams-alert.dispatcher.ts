import type { AlertContext, AlertSeverity } from '@herald/contracts';
import { teamsPayload } from '@herald/contracts/internal';
import { BaseAlertDispatcher } from './alert-dispatcher.base.js';
import { alertChatContent } from './alert-chat-content.util.js';
import { alertSecretScrubber, postAlertJson } from './post-alert-json.util.js';
import type { ChatAlertDispatcherOptions } from './slack-alert.dispatcher.js';

/**
 * Posts alerts to a Microsoft Teams channel through a Workflows webhook, as
 * an Adaptive Card (the payload `@herald/notification`'s Teams driver sends),
 * and a `RESOLVED:` card when an SLO recovers.
 */
export class TeamsAlertDispatcher extends BaseAlertDispatcher {
  private readonly scrub: (text: string) => string;

  constructor(private readonly options: ChatAlertDispatcherOptions) {
    super(options);
    this.scrub = alertSecretScrubber(options.webhookUrl);
  }

  async resolveAlert(title: string, message: string, context?: AlertContext): Promise<void> {
    await this.post(alertChatContent(title, message, 'info', context, true));
  }

  protected async deliver(
    title: string,
    message: string,
    severity: AlertSeverity,
    context?: AlertContext,
  ): Promise<void> {
    await this.post(alertChatContent(title, message, severity, context));
  }

  private post(content: ReturnType<typeof alertChatContent>): Promise<string> {
    return postAlertJson('Teams webhook', this.options.webhookUrl, teamsPayload(content), {
      timeoutMs: this.options.timeoutMs ?? 5000,
      scrub: this.scrub,
      code: 'HERALD_TEAMS_ALERT',
    });
  }
}
