import { telegramText } from '@herald/contracts/internal';
import type { ChatMessage, TelegramDriverConfig } from '@herald/contracts';
import type { DeliveryFailureReason } from '../../../errors/delivery.error.js';
import {
  HttpClient,
  httpDeliveryError,
  parseJsonBody,
  type DeliveryContext,
} from '../../../utils/http-client.util.js';
import { chatSecretScrubber, scrubbedError } from '../../chat-secrets.util.js';
import type { ChatDriverResult, ChatProviderDriver } from '../../chat-driver.interface.js';

interface TelegramAnswer {
  ok?: boolean;
  result?: { message_id?: number; chat?: { id?: number | string } };
  error_code?: number;
  description?: string;
  parameters?: { retry_after?: number; migrate_to_chat_id?: number };
}

/**
 * Telegram Bot API `sendMessage`: `POST <base_url>/bot<token>/sendMessage`
 * with `{ chat_id, text, parse_mode }`, the text escaped by Herald for the
 * configured `parse_mode` (HTML or MarkdownV2). A `threadId` replies to that
 * message (`reply_parameters`). Errors are `{ ok: false, error_code,
 * description }`; a 429 says how long to wait in `parameters.retry_after`.
 */
export class TelegramChatDriver implements ChatProviderDriver {
  readonly driver = 'telegram';
  readonly needsRecipient: boolean;
  private readonly http: HttpClient;
  private readonly context: DeliveryContext;
  private readonly scrub: (text: string) => string;
  private readonly url: string;

  constructor(
    backend: string,
    private readonly config: TelegramDriverConfig,
  ) {
    this.context = { channel: 'chat', backend, provider: 'Telegram' };
    this.http = new HttpClient(this.context);
    this.scrub = chatSecretScrubber(config.botToken);
    this.url = `${config.baseUrl.replace(/\/$/, '')}/bot${config.botToken}/sendMessage`;
    this.needsRecipient = !config.defaultChatId;
  }

  async send(
    message: ChatMessage,
    traceHeaders: Record<string, string>,
  ): Promise<ChatDriverResult> {
    const payload: Record<string, unknown> = {
      chat_id: message.to ?? this.config.defaultChatId,
      text: telegramText(message, this.config.parseMode),
      parse_mode: this.config.parseMode,
      link_preview_options: { is_disabled: true },
    };
    if (message.threadId) {
      const id = Number(message.threadId);
      payload.reply_parameters = {
        message_id: Number.isSafeInteger(id) ? id : message.threadId,
        allow_sending_without_reply: true,
      };
    }
    const body = JSON.stringify(payload);
    try {
      const response = await this.http.request(this.url, {
        method: 'POST',
        headers: {
          ...traceHeaders,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
        },
        body,
        timeoutMs: this.config.timeout * 1000,
      });
      const json = parseJsonBody<TelegramAnswer>(response.body);
      const id = json?.result?.message_id;
      if (response.status === 200 && json?.ok === true && id !== undefined) {
        return {
          messageId: String(id),
          threadId: message.threadId ?? String(id),
          channel: json.result?.chat?.id === undefined ? undefined : String(json.result.chat.id),
        };
      }
      const retryAfter = json?.parameters?.retry_after;
      throw httpDeliveryError(
        this.context,
        retryAfter !== undefined && !response.headers['retry-after']
          ? { ...response, headers: { ...response.headers, 'retry-after': String(retryAfter) } }
          : response,
        {
          message: json?.description,
          providerCode: json?.error_code === undefined ? undefined : String(json.error_code),
          reason: reasonFor(response.status, json?.description),
        },
      );
    } catch (error) {
      throw scrubbedError(error, this.scrub);
    }
  }

  close(): void {
    this.http.close();
  }
}

function reasonFor(status: number, description = ''): DeliveryFailureReason | undefined {
  if (
    /chat not found|user not found|bot was blocked|bot was kicked|user is deactivated|not enough rights|have no rights/i.test(
      description,
    )
  )
    return 'invalid_recipient';
  if (status === 401 || status === 404) return 'auth';
  if (status === 200) return 'unknown';
  return undefined;
}
