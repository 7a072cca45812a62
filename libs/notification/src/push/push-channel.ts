import type { PushChannelProtocol, PushMessage, PushSendResult } from '@herald/contracts';
import { DeliveryError } from '../errors/delivery.error.js';
import type { DeliveryTelemetry } from '../utils/delivery-telemetry.js';
import { ensureDeliveryError } from '../utils/ensure-delivery-error.util.js';
import type { PushProviderDriver } from './push-driver.interface.js';

/**
 * A named push backend (`PushChannelProtocol`). `send` rejects with a
 * `DeliveryError`; `sendBatch` never rejects for per-token failures and
 * reports tokens the provider declared dead with `dead: true`, so apps can
 * prune them.
 *
 * @example
 * const results = await push.sendBatch(tokens.map((token) => ({ token, title: 'Hi', body: 'New message' })));
 * const dead = results.filter((r) => r.dead).map((r) => r.token);
 */
export class PushChannel implements PushChannelProtocol {
  constructor(
    readonly name: string,
    readonly driver: PushProviderDriver,
    private readonly telemetry: DeliveryTelemetry,
  ) {}

  async send(message: PushMessage): Promise<PushSendResult> {
    return this.telemetry.trace(
      {
        channel: 'push',
        backend: this.name,
        driver: this.driver.driver,
        recipient: message?.token,
        messageType: 'push',
      },
      async (_span, traceHeaders) => this.deliver(message, traceHeaders),
    );
  }

  async sendBatch(messages: PushMessage[]): Promise<PushSendResult[]> {
    if (!Array.isArray(messages)) {
      throw new DeliveryError(
        `push backend "${this.name}": sendBatch() needs an array of messages`,
        {
          reason: 'bad_request',
          channel: 'push',
          backend: this.name,
        },
      );
    }
    const info = {
      channel: 'push' as const,
      backend: this.name,
      driver: this.driver.driver,
      messageType: 'push_batch',
    };
    return this.telemetry.trace(info, async (span, traceHeaders) => {
      span?.setAttribute('messaging.batch.message_count', messages.length);
      const results = new Array<PushSendResult>(messages.length);
      let next = 0;
      const worker = async () => {
        while (next < messages.length) {
          const i = next++;
          results[i] = await this.deliver(messages[i], traceHeaders).then(
            (ok) => {
              this.telemetry.count(info, 'success');
              return ok;
            },
            (error: DeliveryError) => {
              this.telemetry.count(info, error.permanent ? 'permanent' : 'transient');
              return pushFailureResult(messages[i], error, this.name);
            },
          );
        }
      };
      const lanes = Math.max(1, Math.min(this.driver.batchConcurrency ?? 50, messages.length));
      await Promise.all(Array.from({ length: lanes }, worker));
      const dead = results.filter((r) => r.dead).length;
      if (dead > 0) span?.setAttribute('herald.push.dead_tokens', dead);
      return results;
    });
  }

  async close(): Promise<void> {
    await this.driver.close?.();
  }

  private async deliver(
    message: PushMessage,
    traceHeaders: Record<string, string>,
  ): Promise<PushSendResult> {
    if (!message || typeof message.token !== 'string' || message.token.trim() === '') {
      throw new DeliveryError(
        `push backend "${this.name}": every message needs a non-empty "token"`,
        {
          reason: 'invalid_recipient',
          channel: 'push',
          backend: this.name,
        },
      );
    }
    try {
      const result = await this.driver.send(message, traceHeaders);
      return {
        token: message.token,
        success: true,
        messageId: result.messageId,
        backend: this.name,
      };
    } catch (error) {
      throw ensureDeliveryError(error, 'push', this.name);
    }
  }
}

/** The `sendBatch` entry of a message that failed: `dead` when the provider declared the token dead. */
export function pushFailureResult(
  message: PushMessage,
  error: DeliveryError,
  backend: string,
): PushSendResult {
  return {
    token: message?.token,
    success: false,
    dead: error.reason === 'dead_token',
    error: {
      message: error.message,
      code: error.providerCode ?? error.reason,
      permanent: error.permanent,
      retryAfterMs: error.retryAfterMs,
    },
    backend,
  };
}
