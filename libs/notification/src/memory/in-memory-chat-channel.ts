import type { ChatChannelProtocol, ChatMessage, ChatSendResult } from '@herald/contracts';
import { InMemoryChannel } from './in-memory-channel.js';

/**
 * A chat channel for your own tests: records every message, posts nothing,
 * and fails on demand.
 *
 * @example
 * const chat = new InMemoryChatChannel();
 * await moduleRef.overrideProvider(CHAT_CHANNEL).useValue(chat)...
 * expect(chat.sent[0].text).toContain('deployed');
 */
export class InMemoryChatChannel
  extends InMemoryChannel<ChatMessage>
  implements ChatChannelProtocol
{
  constructor(name = 'memory') {
    super(name, 'chat');
  }

  async send(message: ChatMessage): Promise<ChatSendResult> {
    this.takeFailure();
    const messageId = `chat-${this.record(structuredClone(message))}`;
    return { messageId, threadId: message.threadId ?? messageId, backend: this.name };
  }

  /** Messages sent to `to`. */
  sentTo(to: string): ChatMessage[] {
    return this.sent.filter((m) => m.to === to);
  }
}
