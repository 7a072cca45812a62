import { Logger } from '@nestjs/common';
import type { PushMessage } from '@herald/contracts';
import { DeliveryLog } from '../../../utils/delivery-log.js';
import { maskRecipient } from '../../../utils/mask.util.js';
import type { PushProviderDriver, PushDriverResult } from '../../push-driver.interface.js';

/** Records push notifications without sending them (the demo's embedded default). */
export class LogPushDriver implements PushProviderDriver {
  readonly driver = 'log';
  readonly batchConcurrency = 1000;
  readonly log = new DeliveryLog<PushMessage>();
  private readonly logger: Logger;

  constructor(private readonly backend: string) {
    this.logger = new Logger(`Herald push ${backend}`);
  }

  async send(message: PushMessage): Promise<PushDriverResult> {
    const entry = this.log.record('push', this.backend, message.token, message);
    this.logger.log(
      `push ${entry.id} to ${maskRecipient(message.token)} ("${message.title ?? ''}") recorded, not sent`,
    );
    return { messageId: entry.id };
  }
}
