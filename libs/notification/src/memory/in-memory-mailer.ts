import type { MailerProtocol, MailMessage, MailSendResult, Sendable } from '@herald/contracts';
import { assertSendableMail, recipientsOf } from '../mailer/mail-validation.util.js';
import { InMemoryChannel } from './in-memory-channel.js';

/**
 * A mailer for your own tests: builds each `Mailable`, validates it like a
 * real backend (so header injection still fails), records it, sends nothing.
 *
 * @example
 * const mailer = new InMemoryMailer();
 * moduleBuilder.overrideProvider(MAILER).useValue(mailer);
 * expect(mailer.sent[0].subject).toBe('Welcome');
 */
export class InMemoryMailer extends InMemoryChannel<MailMessage> implements MailerProtocol {
  constructor(
    name = 'memory',
    private readonly defaultFrom = 'noreply@example.com',
  ) {
    super(name, 'mail');
  }

  async send(mail: Sendable): Promise<MailSendResult> {
    const message =
      typeof (mail as { build?: unknown }).build === 'function'
        ? await (mail as { build(): MailMessage | Promise<MailMessage> }).build()
        : (mail as MailMessage);
    const ready = { ...message, from: message.from ?? this.defaultFrom };
    assertSendableMail(ready, this.name);
    this.takeFailure();
    const n = this.record(ready);
    return {
      messageId: `<memory-${n}@herald.test>`,
      backend: this.name,
      accepted: recipientsOf(ready),
      rejected: [],
    };
  }

  /** Messages sent to `address` (to, cc or bcc). */
  sentTo(address: string): MailMessage[] {
    return this.sent.filter((m) => recipientsOf(m).includes(address));
  }
}
