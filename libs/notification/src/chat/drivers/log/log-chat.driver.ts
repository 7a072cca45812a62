import { Logger } from '@nestjs/common';
import type { ChatMessage } from '@herald/contracts';
import { DeliveryLog } from '../../../utils/delivery-log.js';
import type { ChatDriverResult, ChatProviderDriver } from '../../chat-driver.interface.js';

/**
 * Records chat messages without posting them (development, the demo). The log
 * line names the destination and the length, never the text; `log.entries`
 * keeps the whole message for whoever holds the channel.
 */
export class LogChatDriver implements ChatProviderDriver {
  readonly driver = 'log';
  readonly needsRecipient = false;
  readonly log = new DeliveryLog<ChatMessage>();
  private readonly logger: Logger;

  constructor(private readonly backend: string) {
    this.logger = new Logger(`Herald chat ${backend}`);
  }

  async send(message: ChatMessage): Promise<ChatDriverResult> {
    const entry = this.log.record('chat', this.backend, message.to ?? '-', message);
    this.logger.log(
      `chat ${entry.id} to ${JSON.stringify(message.to ?? '(webhook channel)')} (${message.text.length} chars) recorded, not sent`,
    );
    return { messageId: entry.id, threadId: message.threadId ?? entry.id };
  }
}
