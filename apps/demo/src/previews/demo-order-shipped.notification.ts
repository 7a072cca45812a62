import { Notification, type RecipientLike } from '@herald/notification';

/** A parcel on its way: every channel from `templates/order-shipped/` (no render method). */
export class DemoOrderShipped extends Notification {
  override readonly type = 'demo.order-shipped';
  override readonly category = 'orders';
  override readonly template = 'order-shipped';

  constructor(private readonly order: { id: string; items: number; total: number; eta: Date }) {
    super();
  }

  via(): string[] {
    return ['mail', 'sms', 'push', 'inbox'];
  }

  override templateData(user: RecipientLike) {
    return {
      name: user.name ?? user.id,
      shop: 'Herald',
      order: { ...this.order, url: `https://shop.example/orders/${this.order.id}` },
    };
  }
}
