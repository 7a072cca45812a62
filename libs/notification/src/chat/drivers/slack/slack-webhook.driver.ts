import { randomUUID } from 'node:crypto';
import { slackPayload } from '@herald/contracts/internal';
import type { ChatMessage, SlackDriverConfig } from '@herald/contracts';
import {
  HttpClient,
  httpDeliveryError,
  type DeliveryContext,
} from '../../../utils/http-client.util.js';
import { ChatPacer } from '../../chat-pacer.js';
import { chatSecretScrubber, scrubbedError } from '../../chat-secrets.util.js';
import type { ChatDriverResult, ChatProviderDriver } from '../../chat-driver.interface.js';
import { slackReason } from './slack-errors.js';

/**
 * Slack incoming webhook: `POST <webhook_url>` with `{ text, blocks }`
 * (Block Kit). Slack answers `200 ok`, or a status with an error string as
 * the body (`invalid_blocks`, `no_service`, `channel_is_archived`...); 429
 * carries `Retry-After`. The webhook posts to the one channel it was made
 * for, so `to` is ignored and `thread_ts` is passed through for replies.
 * Slack gives no message id: Herald makes one up.
 */
export class SlackWebhookDriver implements ChatProviderDriver {
  readonly driver = 'slack';
  readonly needsRecipient = false;
  private readonly http: HttpClient;
  private readonly context: DeliveryContext;
  private readonly pacer: ChatPacer;
  private readonly scrub: (text: string) => string;

  constructor(
    backend: string,
    private readonly config: SlackDriverConfig,
  ) {
    this.context = { channel: 'chat', backend, provider: 'Slack' };
    this.http = new HttpClient(this.context);
    this.pacer = new ChatPacer(config.channelInterval * 1000);
    this.scrub = chatSecretScrubber(config.webhookUrl);
  }

  async send(
    message: ChatMessage,
    traceHeaders: Record<string, string>,
  ): Promise<ChatDriverResult> {
    const payload: Record<string, unknown> = slackPayload(message);
    if (message.blocks) payload.blocks = message.blocks;
    if (message.threadId) payload.thread_ts = message.threadId;
    const body = JSON.stringify(payload);
    await this.pacer.wait('webhook');
    try {
      const response = await this.http.request(this.config.webhookUrl!, {
        method: 'POST',
        headers: {
          ...traceHeaders,
          'content-type': 'application/json; charset=utf-8',
          'content-length': Buffer.byteLength(body),
        },
        body,
        timeoutMs: this.config.timeout * 1000,
      });
      if (response.status >= 200 && response.status < 300)
        return { messageId: `slack-${randomUUID()}`, threadId: message.threadId };
      const error = response.body.trim().slice(0, 100) || undefined;
      const failure = httpDeliveryError(this.context, response, {
        message: error,
        providerCode: error,
        reason: slackReason(error),
      });
      if (failure.retryAfterMs !== undefined) this.pacer.holdBack('webhook', failure.retryAfterMs);
      throw failure;
    } catch (error) {
      throw scrubbedError(error, this.scrub);
    }
  }

  close(): void {
    this.http.close();
  }
}
