import { Mailable } from '../../mailer/mailable.js';
import { Notification } from '../notification.js';
import type { RecipientLike } from '../recipients/recipient.interface.js';

export interface TestUser extends RecipientLike {
  id: string;
  email?: string;
  phone?: string;
  name?: string;
}

/** Goes out on every built-in channel. */
export class OrderShipped extends Notification<TestUser> {
  override readonly category = 'orders';

  constructor(readonly orderId = 'A-1') {
    super();
  }

  via(): string[] {
    return ['sms', 'mail', 'push', 'inbox'];
  }

  toSms(): string {
    return `Order ${this.orderId} shipped`;
  }

  toMail(user: TestUser): Mailable {
    return new Mailable().subject(`Order ${this.orderId}`).text(`Hello ${user.name ?? 'there'}`);
  }

  toPush() {
    return { title: 'Shipped', body: `Order ${this.orderId}`, data: { orderId: this.orderId } };
  }

  toInbox() {
    return {
      title: 'Order shipped',
      body: `Order ${this.orderId} is on its way`,
      tags: ['orders'],
      severity: 'high' as const,
      actions: [{ label: 'Track', url: `/orders/${this.orderId}` }],
    };
  }
}

/** `via()` names the given channels; renders only sms and inbox. */
export class Configurable extends Notification {
  constructor(private readonly channels: string[]) {
    super();
  }

  via(): string[] {
    return this.channels;
  }

  toSms(): string {
    return 'hi';
  }

  toInbox() {
    return { title: 't', body: 'b' };
  }
}
