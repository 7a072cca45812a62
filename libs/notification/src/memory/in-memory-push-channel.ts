import type { PushChannelProtocol, PushMessage, PushSendResult } from '@herald/contracts';
import { DeliveryError } from '../errors/delivery.error.js';
import { pushFailureResult } from '../push/push-channel.js';

/**
 * A push channel for your own tests: records every message, reports the
 * tokens you declare dead exactly as a real backend does, fails on demand.
 *
 * @example
 * const push = new InMemoryPushChannel().markDead('stale-token');
 * const [r] = await push.sendBatch([{ token: 'stale-token', title: 'x' }]);
 * expect(r.dead).toBe(true);
 */
export class InMemoryPushChannel implements PushChannelProtocol {
  readonly sent: PushMessage[] = [];
  readonly deadTokens = new Set<string>();
  private readonly failures: DeliveryError[] = [];
  private counter = 0;

  constructor(readonly name = 'memory') {}

  markDead(...tokens: string[]): this {
    tokens.forEach((t) => this.deadTokens.add(t));
    return this;
  }

  failNext(
    error: DeliveryError = new DeliveryError('injected failure', {
      reason: 'provider_unavailable',
      channel: 'push',
      backend: this.name,
    }),
  ): this {
    this.failures.push(error);
    return this;
  }

  async send(message: PushMessage): Promise<PushSendResult> {
    const failure = this.failures.shift();
    if (failure) throw failure;
    if (this.deadTokens.has(message.token)) {
      throw new DeliveryError(`token is no longer registered`, {
        reason: 'dead_token',
        channel: 'push',
        backend: this.name,
        providerCode: 'Unregistered',
      });
    }
    this.sent.push(structuredClone(message));
    return {
      token: message.token,
      success: true,
      messageId: `memory-${++this.counter}`,
      backend: this.name,
    };
  }

  async sendBatch(messages: PushMessage[]): Promise<PushSendResult[]> {
    const results: PushSendResult[] = [];
    for (const message of messages) {
      results.push(
        await this.send(message).catch((error: DeliveryError) =>
          pushFailureResult(message, error, this.name),
        ),
      );
    }
    return results;
  }

  reset(): void {
    this.sent.length = 0;
    this.failures.length = 0;
    this.deadTokens.clear();
  }
}
