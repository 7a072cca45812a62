import { Logger } from '@nestjs/common';
import type { MailMessage } from '@herald/contracts';
import { DeliveryLog } from '../../../utils/delivery-log.js';
import { maskRecipients } from '../../../utils/mask.util.js';
import type { MailProviderDriver, MailDriverResult } from '../../mail-driver.interface.js';
import { recipientsOf } from '../../mail-validation.util.js';

/** Records emails without sending them (the demo's embedded default). */
export class LogMailDriver implements MailProviderDriver {
  readonly driver = 'log';
  readonly log = new DeliveryLog<MailMessage>();
  private readonly logger: Logger;

  constructor(private readonly backend: string) {
    this.logger = new Logger(`Herald mail ${backend}`);
  }

  async send(message: MailMessage): Promise<MailDriverResult> {
    const recipients = recipientsOf(message);
    const entry = this.log.record('mail', this.backend, recipients.join(', '), message);
    this.logger.log(
      `email ${entry.id} to ${maskRecipients(recipients)} ("${message.subject}") recorded, not sent`,
    );
    return { messageId: entry.id, accepted: recipients, rejected: [] };
  }
}
