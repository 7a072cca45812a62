import type { SMSChannelProtocol, SmsMessage, SmsSendResult } from '@herald/contracts';
import { DeliveryError } from '../errors/delivery.error.js';

/**
 * An SMS channel for your own tests: records every message, sends nothing,
 * and fails on demand.
 *
 * @example
 * const sms = new InMemorySmsChannel();
 * await moduleRef.overrideProvider(SMS_CHANNEL).useValue(sms)...
 * expect(sms.sent[0].body).toContain('123456');
 */
export class InMemorySmsChannel implements SMSChannelProtocol {
  readonly sent: SmsMessage[] = [];
  private readonly failures: DeliveryError[] = [];
  private counter = 0;

  constructor(readonly name = 'memory') {}

  /** The next `send` rejects with `error` (queued: call several times for several failures). */
  failNext(
    error: DeliveryError = new DeliveryError('injected failure', {
      reason: 'provider_unavailable',
      channel: 'sms',
      backend: this.name,
    }),
  ): this {
    this.failures.push(error);
    return this;
  }

  async send(message: SmsMessage): Promise<SmsSendResult> {
    const failure = this.failures.shift();
    if (failure) throw failure;
    this.sent.push(structuredClone(message));
    return {
      messageId: `SM${String(++this.counter).padStart(32, '0')}`,
      status: 'queued',
      backend: this.name,
    };
  }

  /** Messages sent to `to`. */
  sentTo(to: string): SmsMessage[] {
    return this.sent.filter((m) => m.to === to);
  }

  reset(): void {
    this.sent.length = 0;
    this.failures.length = 0;
  }
}
