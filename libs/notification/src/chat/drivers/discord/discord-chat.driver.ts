import { discordPayload } from '@herald/contracts/internal';
import type { ChatMessage, DiscordDriverConfig } from '@herald/contracts';
import type { DeliveryFailureReason } from '../../../errors/delivery.error.js';
import {
  HttpClient,
  httpDeliveryError,
  parseJsonBody,
  type DeliveryContext,
} from '../../../utils/http-client.util.js';
import { chatSecretScrubber, scrubbedError } from '../../chat-secrets.util.js';
import type { ChatDriverResult, ChatProviderDriver } from '../../chat-driver.interface.js';

interface DiscordAnswer {
  id?: string;
  channel_id?: string;
  code?: number;
  message?: string;
  retry_after?: number;
}

/**
 * Discord webhook: `POST <webhook_url>?wait=true` (so Discord answers the
 * created message and its id) with one embed and `allowed_mentions: { parse: [] }`,
 * so no text can ping `@everyone`, `@here`, a role or a user. A `threadId`
 * posts into that thread (`thread_id`). 429 answers carry `Retry-After` and
 * `retry_after` (seconds, fractional), both honoured.
 */
export class DiscordChatDriver implements ChatProviderDriver {
  readonly driver = 'discord';
  readonly needsRecipient = false;
  private readonly http: HttpClient;
  private readonly context: DeliveryContext;
  private readonly scrub: (text: string) => string;
  /** The webhook URL with `wait=true` (Discord answers the message, with its id). */
  private readonly url: string;

  constructor(
    backend: string,
    private readonly config: DiscordDriverConfig,
  ) {
    this.context = { channel: 'chat', backend, provider: 'Discord' };
    this.http = new HttpClient(this.context);
    this.scrub = chatSecretScrubber(config.webhookUrl);
    const url = new URL(config.webhookUrl);
    url.searchParams.set('wait', 'true');
    this.url = url.toString();
  }

  async send(
    message: ChatMessage,
    traceHeaders: Record<string, string>,
  ): Promise<ChatDriverResult> {
    // `?wait=true` is worked out once; a thread reply adds its `thread_id`
    const url = message.threadId ? threadUrl(this.url, message.threadId) : this.url;
    const body = JSON.stringify(
      discordPayload(message, {
        username: this.config.username,
        allowMentions: this.config.allowMentions,
      }),
    );
    try {
      const response = await this.http.request(url, {
        method: 'POST',
        headers: {
          ...traceHeaders,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
        },
        body,
        timeoutMs: this.config.timeout * 1000,
      });
      const json = parseJsonBody<DiscordAnswer>(response.body);
      if (response.status >= 200 && response.status < 300 && json?.id) {
        return {
          messageId: json.id,
          threadId: message.threadId,
          channel: json.channel_id,
        };
      }
      const failure = httpDeliveryError(
        this.context,
        response.status === 429 && !response.headers['retry-after'] && json?.retry_after
          ? { ...response, headers: { 'retry-after': String(json.retry_after) } }
          : response,
        {
          message:
            json?.message ?? (response.status < 300 ? 'answer without a message id' : undefined),
          providerCode: json?.code === undefined ? undefined : String(json.code),
          reason: reasonFor(response.status, json?.code),
        },
      );
      throw failure;
    } catch (error) {
      throw scrubbedError(error, this.scrub);
    }
  }

  close(): void {
    this.http.close();
  }
}

/** `url` with the `thread_id` of a reply. */
function threadUrl(url: string, threadId: string): string {
  const withThread = new URL(url);
  withThread.searchParams.set('thread_id', threadId);
  return withThread.toString();
}

/** 10015 Unknown Webhook (deleted), 50027 Invalid Webhook Token: the URL is dead. */
function reasonFor(status: number, code: number | undefined): DeliveryFailureReason | undefined {
  if (code === 10015 || code === 50027 || status === 404 || status === 401) return 'auth';
  if (code === 10003) return 'invalid_recipient'; // Unknown Channel (a thread_id that is gone)
  if (status >= 200 && status < 300) return 'unknown';
  return undefined;
}
