import type { SMSChannelProtocol, SmsMessage, SmsSendResult } from '@herald/contracts';
import { InMemoryChannel } from './in-memory-channel.js';

/**
 * An SMS channel for your own tests: records every message, sends nothing,
 * and fails on demand.
 *
 * @example
 * const sms = new InMemorySmsChannel();
 * await moduleRef.overrideProvider(SMS_CHANNEL).useValue(sms)...
 * expect(sms.sent[0].body).toContain('123456');
 */
export class InMemorySmsChannel extends InMemoryChannel<SmsMessage> implements SMSChannelProtocol {
  constructor(name = 'memory') {
    super(name, 'sms');
  }

  async send(message: SmsMessage): Promise<SmsSendResult> {
    this.takeFailure();
    const n = this.record(structuredClone(message));
    return {
      messageId: `SM${String(n).padStart(32, '0')}`,
      status: 'queued',
      backend: this.name,
    };
  }

  /** Messages sent to `to`. */
  sentTo(to: string): SmsMessage[] {
    return this.sent.filter((m) => m.to === to);
  }
}
