import type { AlertContext, AlertSeverity } from '@herald/contracts';
import { slackPayload } from '@herald/contracts/internal';
import { BaseAlertDispatcher, type AlertDispatcherOptions } from './alert-dispatcher.base.js';
import { alertChatContent } from './alert-chat-content.util.js';
import { alertSecretScrubber, postAlertJson } from './post-alert-json.util.js';

export interface ChatAlertDispatcherOptions extends AlertDispatcherOptions {
  /** The incoming-webhook / Workflows URL: a secret, never shown. */
  webhookUrl: string;
  /** @default 5000 */
  timeoutMs?: number;
}

/**
 * Posts alerts to a Slack channel through an incoming webhook, as Block Kit
 * (the payload `@herald/notification`'s Slack driver sends), and a
 * `RESOLVED:` message when an SLO recovers.
 *
 * @example new SlackAlertDispatcher({ webhookUrl: process.env.SLACK_ALERTS_WEBHOOK! })
 */
export class SlackAlertDispatcher extends BaseAlertDispatcher {
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
    return postAlertJson('Slack webhook', this.options.webhookUrl, slackPayload(content), {
      timeoutMs: this.options.timeoutMs ?? 5000,
      scrub: this.scrub,
      code: 'HERALD_SLACK_ALERT',
    });
  }
}
