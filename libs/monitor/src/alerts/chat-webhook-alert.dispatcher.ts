import type { AlertContext, AlertSeverity } from '@herald/contracts';
import type { ChatContent } from '@herald/contracts/internal';
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
 * Posts alerts to a chat webhook in the payload its chat driver sends, and a
 * `RESOLVED:` message when an SLO recovers. Slack and Teams differ only in
 * `payload`, `label` and `code`.
 */
export abstract class ChatWebhookAlertDispatcher extends BaseAlertDispatcher {
  protected abstract readonly label: string;
  protected abstract readonly code: string;
  private readonly scrub: (text: string) => string;

  constructor(private readonly options: ChatAlertDispatcherOptions) {
    super(options);
    this.scrub = alertSecretScrubber(options.webhookUrl);
  }

  /** The JSON body the chat service takes for `content`. */
  protected abstract payload(content: ChatContent): unknown;

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

  private post(content: ChatContent): Promise<string> {
    return postAlertJson(this.label, this.options.webhookUrl, this.payload(content), {
      timeoutMs: this.options.timeoutMs ?? 5000,
      scrub: this.scrub,
      code: this.code,
    });
  }
}
