import type { MailerProtocol, MailSendResult, Sendable } from '@herald/contracts';
import { MAIL_ADAPTER } from './channel-adapters.js';
import type { DeliveryService, WithDeliveryId } from './delivery.service.js';

/** Builds a `Sendable`: a message as is, or what a `Mailable` builds. */
export async function buildSendable(mail: Sendable) {
  return 'build' in mail && typeof mail.build === 'function' ? await mail.build() : mail;
}

/** A mailer with retries, failover and records, over backends registered in a `DeliveryService`. */
export class ReliableMailer implements MailerProtocol {
  readonly name: string;

  constructor(
    private readonly delivery: DeliveryService,
    readonly chain: readonly string[],
  ) {
    this.name = chain[0];
  }

  async send(mail: Sendable): Promise<WithDeliveryId<MailSendResult>> {
    const message = await buildSendable(mail);
    return this.delivery.send(
      MAIL_ADAPTER,
      this.chain,
      message as Exclude<typeof message, { build: unknown }>,
    );
  }
}
