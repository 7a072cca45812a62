import type { PushChannelProtocol, PushMessage, PushSendResult } from '@herald/contracts';
import { DeliveryError } from '../errors/delivery.error.js';
import { pushFailureResult } from '../push/push-channel.js';
import { InMemoryChannel } from './in-memory-channel.js';

/**
 * A push channel for your own tests: records every message, reports the
 * tokens you declare dead exactly as a real backend does, fails on demand.
 *
 * @example
 * const push = new InMemoryPushChannel().markDead('stale-token');
 * const [r] = await push.sendBatch([{ token: 'stale-token', title: 'x' }]);
 * expect(r.dead).toBe(true);
 */
export class InMemoryPushChannel
  extends InMemoryChannel<PushMessage>
  implements PushChannelProtocol
{
  readonly deadTokens = new Set<string>();

  constructor(name = 'memory') {
    super(name, 'push');
  }

  markDead(...tokens: string[]): this {
    tokens.forEach((t) => this.deadTokens.add(t));
    return this;
  }

  async send(message: PushMessage): Promise<PushSendResult> {
    this.takeFailure();
    if (this.deadTokens.has(message.token)) {
      throw new DeliveryError(`token is no longer registered`, {
        reason: 'dead_token',
        channel: 'push',
        backend: this.name,
        providerCode: 'Unregistered',
      });
    }
    const n = this.record(structuredClone(message));
    return {
      token: message.token,
      success: true,
      messageId: `memory-${n}`,
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

  /** Forgets what was sent, the queued failures and the dead tokens. */
  override reset(): void {
    super.reset();
    this.deadTokens.clear();
  }
}
