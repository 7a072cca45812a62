import type { ChatChannelProtocol, ChatMessage, ChatSendResult } from '@herald/contracts';
import { DeliveryError } from '../errors/delivery.error.js';

/**
 * A chat channel for your own tests: records every message, posts nothing,
 * and fails on demand.
 *
 * @example
 * const chat = new InMemoryChatChannel();
 * await moduleRef.overrideProvider(CHAT_CHANNEL).useValue(chat)...
 * expect(chat.sent[0].text).toContain('deployed');
 */
export class InMemoryChatChannel implements ChatChannelProtocol {
  readonly sent: ChatMessage[] = [];
  private readonly failures: DeliveryError[] = [];
  private counter = 0;

  constructor(readonly name = 'memory') {}

  /** The next `send` rejects with `error` (queued: call several times for several failures). */
  failNext(
    error: DeliveryError = new DeliveryError('injected failure', {
      reason: 'provider_unavailable',
      channel: 'chat',
      backend: this.name,
    }),
  ): this {
    this.failures.push(error);
    return this;
  }

  async send(message: ChatMessage): Promise<ChatSendResult> {
    const failure = this.failures.shift();
    if (failure) throw failure;
    this.sent.push(structuredClone(message));
    const messageId = `chat-${++this.counter}`;
    return { messageId, threadId: message.threadId ?? messageId, backend: this.name };
  }

  /** Messages sent to `to`. */
  sentTo(to: string): ChatMessage[] {
    return this.sent.filter((m) => m.to === to);
  }

  reset(): void {
    this.sent.length = 0;
    this.failures.length = 0;
  }
}
