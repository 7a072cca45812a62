import { slackPayload } from '@herald/contracts/internal';
import type { ChatMessage, SlackDriverConfig } from '@herald/contracts';
import {
  HttpClient,
  httpDeliveryError,
  parseJsonBody,
  type DeliveryContext,
} from '../../../utils/http-client.util.js';
import { ChatPacer } from '../../chat-pacer.js';
import { chatSecretScrubber, scrubbedError } from '../../chat-secrets.util.js';
import type { ChatDriverResult, ChatProviderDriver } from '../../chat-driver.interface.js';
import { slackReason } from './slack-errors.js';

interface PostMessageAnswer {
  ok?: boolean;
  error?: string;
  channel?: string;
  ts?: string;
}

/**
 * Slack Web API `chat.postMessage`: `POST <base_url>/chat.postMessage`,
 * `Authorization: Bearer xoxb-...`, JSON `{ channel, text, blocks, thread_ts }`.
 * Slack answers 200 `{ ok: true, channel, ts }` or 200 `{ ok: false, error }`,
 * and 429 with `Retry-After` when rate limited. Messages to one channel are
 * spaced `channel_interval` apart (Slack allows about one a second); `ts` is
 * both the message id and the `threadId` of replies.
 */
export class SlackApiDriver implements ChatProviderDriver {
  readonly driver = 'slack';
  readonly needsRecipient: boolean;
  private readonly http: HttpClient;
  private readonly context: DeliveryContext;
  private readonly pacer: ChatPacer;
  private readonly scrub: (text: string) => string;
  private readonly authorization: string;
  private readonly url: string;

  constructor(
    backend: string,
    private readonly config: SlackDriverConfig,
    pacer?: ChatPacer,
  ) {
    this.context = { channel: 'chat', backend, provider: 'Slack' };
    this.http = new HttpClient(this.context);
    this.pacer = pacer ?? new ChatPacer(config.channelInterval * 1000);
    this.scrub = chatSecretScrubber(config.botToken);
    this.authorization = `Bearer ${config.botToken}`;
    this.url = `${config.baseUrl.replace(/\/$/, '')}/chat.postMessage`;
    this.needsRecipient = !config.defaultChannel;
  }

  async send(
    message: ChatMessage,
    traceHeaders: Record<string, string>,
  ): Promise<ChatDriverResult> {
    const channel = message.to ?? this.config.defaultChannel!;
    const payload: Record<string, unknown> = { channel, ...slackPayload(message) };
    if (message.blocks) payload.blocks = message.blocks;
    if (message.threadId) payload.thread_ts = message.threadId;
    const body = JSON.stringify(payload);
    await this.pacer.wait(channel);
    try {
      const response = await this.http.request(this.url, {
        method: 'POST',
        headers: {
          ...traceHeaders,
          authorization: this.authorization,
          'content-type': 'application/json; charset=utf-8',
          'content-length': Buffer.byteLength(body),
          accept: 'application/json',
        },
        body,
        timeoutMs: this.config.timeout * 1000,
      });
      const json = parseJsonBody<PostMessageAnswer>(response.body);
      if (response.status === 200 && json?.ok === true && json.ts) {
        return { messageId: json.ts, threadId: message.threadId ?? json.ts, channel: json.channel };
      }
      const error = json?.error;
      const failure = httpDeliveryError(this.context, response, {
        message: error ?? (response.status === 200 ? 'answer without ok and ts' : undefined),
        providerCode: error,
        reason: slackReason(error) ?? (response.status === 200 ? 'unknown' : undefined),
      });
      if (failure.retryAfterMs !== undefined) this.pacer.holdBack(channel, failure.retryAfterMs);
      throw failure;
    } catch (error) {
      throw scrubbedError(error, this.scrub);
    }
  }

  close(): void {
    this.http.close();
  }
}
