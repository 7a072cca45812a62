import { randomUUID } from 'node:crypto';
import { teamsPayload } from '@herald/contracts/internal';
import type { ChatMessage, TeamsDriverConfig } from '@herald/contracts';
import {
  HttpClient,
  httpDeliveryError,
  parseJsonBody,
  type DeliveryContext,
} from '../../../utils/http-client.util.js';
import { chatSecretScrubber, scrubbedError } from '../../chat-secrets.util.js';
import type { ChatDriverResult, ChatProviderDriver } from '../../chat-driver.interface.js';

/**
 * Microsoft Teams through a Power Automate Workflows webhook (the Office 365
 * connectors are retired): `POST <webhook_url>` with a `message` whose one
 * attachment is an Adaptive Card 1.4. The flow answers `202 Accepted` with no
 * body, so Herald makes up the message id; errors come as
 * `{ error: { code, message } }`, 429 with `Retry-After`.
 */
export class TeamsChatDriver implements ChatProviderDriver {
  readonly driver = 'teams';
  readonly needsRecipient = false;
  private readonly http: HttpClient;
  private readonly context: DeliveryContext;
  private readonly scrub: (text: string) => string;

  constructor(
    backend: string,
    private readonly config: TeamsDriverConfig,
  ) {
    this.context = { channel: 'chat', backend, provider: 'Microsoft Teams' };
    this.http = new HttpClient(this.context);
    this.scrub = chatSecretScrubber(config.webhookUrl);
  }

  async send(
    message: ChatMessage,
    traceHeaders: Record<string, string>,
  ): Promise<ChatDriverResult> {
    const body = JSON.stringify(teamsPayload(message));
    try {
      const response = await this.http.request(this.config.webhookUrl, {
        method: 'POST',
        headers: {
          ...traceHeaders,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
        },
        body,
        timeoutMs: this.config.timeout * 1000,
      });
      if (response.status >= 200 && response.status < 300)
        return { messageId: `teams-${randomUUID()}` };
      const json = parseJsonBody<{ error?: { code?: string; message?: string } }>(response.body);
      throw httpDeliveryError(this.context, response, {
        message: json?.error?.message,
        providerCode: json?.error?.code,
      });
    } catch (error) {
      throw scrubbedError(error, this.scrub);
    }
  }

  close(): void {
    this.http.close();
  }
}
