import { Logger } from '@nestjs/common';
import type { SmsMessage } from '@herald/contracts';
import { maskRecipient } from '../../../utils/mask.util.js';
import { DeliveryLog } from '../../../utils/delivery-log.js';
import type { SmsProviderDriver, SmsDriverResult } from '../../sms-driver.interface.js';

/**
 * Records SMS without sending them: the demo's embedded default, and handy in
 * development. The log line masks the recipient; `log.entries` keeps the full
 * message for whoever holds the channel.
 */
export class LogSmsDriver implements SmsProviderDriver {
  readonly driver = 'log';
  readonly log = new DeliveryLog<SmsMessage>();
  private readonly logger: Logger;

  constructor(
    private readonly backend: string,
    private readonly defaultFrom?: string,
  ) {
    this.logger = new Logger(`Herald SMS ${backend}`);
  }

  async send(message: SmsMessage): Promise<SmsDriverResult> {
    const entry = this.log.record('sms', this.backend, message.to, {
      ...message,
      from: message.from ?? this.defaultFrom,
    });
    this.logger.log(
      `SMS ${entry.id} to ${maskRecipient(message.to)} (${message.body.length} chars) recorded, not sent`,
    );
    return { messageId: entry.id, status: 'logged' };
  }
}
