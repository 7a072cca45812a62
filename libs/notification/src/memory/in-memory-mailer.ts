import type { MailerProtocol, MailMessage, MailSendResult, Sendable } from '@herald/contracts';
import { DeliveryError } from '../errors/delivery.error.js';
import { assertSendableMail, recipientsOf } from '../mailer/mail-validation.util.js';

/**
 * A mailer for your own tests: builds each `Mailable`, validates it like a
 * real backend (so header injection still fails), records it, sends nothing.
 *
 * @example
 * const mailer = new InMemoryMailer();
 * moduleBuilder.overrideProvider(MAILER).useValue(mailer);
 * expect(mailer.sent[0].subject).toBe('Welcome');
 */
export class InMemoryMailer implements MailerProtocol {
  readonly sent: MailMessage[] = [];
  private readonly failures: DeliveryError[] = [];
  private counter = 0;

  constructor(
    readonly name = 'memory',
    private readonly defaultFrom = 'noreply@example.com',
  ) {}

  failNext(
    error: DeliveryError = new DeliveryError('injected failure', {
      reason: 'provider_unavailable',
      channel: 'mail',
      backend: this.name,
    }),
  ): this {
    this.failures.push(error);
    return this;
  }

  async send(mail: Sendable): Promise<MailSendResult> {
    const message =
      typeof (mail as { build?: unknown }).build === 'function'
        ? await (mail as { build(): MailMessage | Promise<MailMessage> }).build()
        : (mail as MailMessage);
    const ready = { ...message, from: message.from ?? this.defaultFrom };
    assertSendableMail(ready, this.name);
    const failure = this.failures.shift();
    if (failure) throw failure;
    this.sent.push(ready);
    return {
      messageId: `<memory-${++this.counter}@herald.test>`,
      backend: this.name,
      accepted: recipientsOf(ready),
      rejected: [],
    };
  }

  /** Messages sent to `address` (to, cc or bcc). */
  sentTo(address: string): MailMessage[] {
    return this.sent.filter((m) => recipientsOf(m).includes(address));
  }

  reset(): void {
    this.sent.length = 0;
    this.failures.length = 0;
  }
}
