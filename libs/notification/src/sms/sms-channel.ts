import type { SMSChannelProtocol, SmsMessage, SmsSendResult } from '@herald/contracts';
import { E164_PATTERN } from '@herald/contracts';
import { DeliveryError } from '../errors/delivery.error.js';
import type { DeliveryTelemetry } from '../utils/delivery-telemetry.js';
import { ensureDeliveryError } from '../utils/ensure-delivery-error.util.js';
import { maskRecipient } from '../utils/mask.util.js';
import type { SmsProviderDriver } from './sms-driver.interface.js';
import { SMS_OPT_OUT_EVENT, type SmsOptOutEvent } from './sms-opt-out.events.js';

/** Twilio: "Attempt to send to unsubscribed recipient" (the number replied STOP). */
const TWILIO_UNSUBSCRIBED = '21610';

/**
 * A named SMS backend (`SMSChannelProtocol`): checks the message, then sends
 * it through its driver inside a PRODUCER span. Every failure rejects with a
 * `DeliveryError`.
 *
 * @example await sms.send({ to: '+15005550006', body: 'Your code is 123456' })
 */
export class SmsChannel implements SMSChannelProtocol {
  constructor(
    readonly name: string,
    readonly driver: SmsProviderDriver,
    private readonly telemetry: DeliveryTelemetry,
  ) {}

  async send(message: SmsMessage): Promise<SmsSendResult> {
    return this.telemetry.trace(
      {
        channel: 'sms',
        backend: this.name,
        driver: this.driver.driver,
        recipient: message?.to,
        messageType: 'sms',
      },
      async (_span, traceHeaders) => {
        this.check(message);
        try {
          const result = await this.driver.send(message, traceHeaders);
          return { messageId: result.messageId, status: result.status, backend: this.name };
        } catch (error) {
          const failure = ensureDeliveryError(error, 'sms', this.name);
          if (this.driver.driver === 'twilio' && failure.providerCode === TWILIO_UNSUBSCRIBED)
            this.telemetry.emit(SMS_OPT_OUT_EVENT, {
              address: message.to,
              provider: 'twilio',
              backend: this.name,
              source: 'send_error',
              providerMessageId: TWILIO_UNSUBSCRIBED,
              occurredAt: new Date(),
            } satisfies SmsOptOutEvent);
          throw failure;
        }
      },
    );
  }

  async close(): Promise<void> {
    await this.driver.close?.();
  }

  private check(message: SmsMessage): void {
    const fail = (reason: 'invalid_recipient' | 'bad_request', text: string) => {
      throw new DeliveryError(`SMS backend "${this.name}": ${text}`, {
        reason,
        channel: 'sms',
        backend: this.name,
      });
    };
    if (!message || typeof message !== 'object')
      fail('bad_request', 'send() needs a message { to, body }');
    if (typeof message.to !== 'string' || !E164_PATTERN.test(message.to)) {
      fail(
        'invalid_recipient',
        `"to" must be a phone number in E.164 form such as +15005550006 (got ${maskRecipient(message.to)})`,
      );
    }
    if (message.from !== undefined && !E164_PATTERN.test(message.from)) {
      fail(
        'bad_request',
        `"from" must be a phone number in E.164 form (got ${JSON.stringify(message.from)})`,
      );
    }
    if (typeof message.body !== 'string' || message.body.trim() === '')
      fail('bad_request', '"body" must be a non-empty string');
  }
}
