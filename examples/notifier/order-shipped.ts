import { Injectable, Module } from '@nestjs/common';
import { EventEmitterModule } from '@nestjs/event-emitter';
import { InjectNotifier } from '@herald/contracts';
import { ObservabilityModule } from '@herald/observability';
import {
  DeviceTokenService,
  InboxModule,
  Mailable,
  MailerModule,
  Notification,
  NotificationModule,
  Notifier,
  NotifierModule,
  NotifierService,
  type RecipientResolver,
  type ToInbox,
  type ToMail,
  type ToSms,
} from '@herald/notification';

interface User {
  id: string;
  name: string;
  email: string;
  phone?: string;
}

export class OrderShipped
  extends Notification<User>
  implements ToSms<User>, ToMail<User>, ToInbox<User>
{
  override readonly category = 'orders';

  constructor(private readonly orderId: string) {
    super();
  }

  via(user: User) {
    return user.phone ? ['sms', 'push', 'inbox'] : ['mail', 'push', 'inbox'];
  }
  toSms() {
    return `Order ${this.orderId} has shipped`;
  }
  toMail(user: User) {
    return new Mailable().subject(`Order ${this.orderId}`).text(`Hi ${user.name}, it has shipped.`);
  }
  toPush() {
    return { title: 'Shipped', body: `Order ${this.orderId}`, data: { orderId: this.orderId } };
  }
  toInbox() {
    return {
      title: 'Order shipped',
      body: `Order ${this.orderId}`,
      actionUrl: `/orders/${this.orderId}`,
    };
  }
}

/** Your users, by id (notify('user-42', ...) asks it once per call for every id). */
@Injectable()
export class UsersResolver implements RecipientResolver {
  private readonly users = new Map<string, User>([
    ['u1', { id: 'u1', name: 'Ada', email: 'ada@example.com', phone: '+15551230001' }],
  ]);
  async resolve(ids: readonly string[]) {
    return ids.map((id) => this.users.get(id));
  }
}

@Injectable()
export class Orders {
  constructor(
    @InjectNotifier() private readonly notifier: NotifierService,
    private readonly devices: DeviceTokenService,
  ) {}

  async ship(orderId: string) {
    await this.devices.register({ userId: 'u1', token: 'fcm-registration-token', platform: 'fcm' });
    const { notificationId } = await this.notifier.notify('u1', new OrderShipped(orderId), {
      idempotencyKey: `shipped:${orderId}`,
    });
    // addresses without a user, and scheduling (needs queue: bullmq)
    await this.notifier.notify(
      Notifier.route('mail', 'ops@example.com'),
      new OrderShipped(orderId),
    );
    return notificationId;
  }
}

@Module({
  imports: [
    ObservabilityModule,
    EventEmitterModule.forRoot(),
    NotificationModule.forRoot({
      smsBackends: [{ name: 'sms', primary: true, driver: 'log' }],
      pushBackends: [{ name: 'push', primary: true, driver: 'log' }],
      delivery: { enabled: true },
    }),
    MailerModule.forRoot({
      backends: [{ name: 'mail', primary: true, driver: 'log', fromEmail: 'shop@example.com' }],
    }),
    InboxModule.forRoot({ config: { storeBackend: 'memory' } }),
    NotifierModule.forRoot({}, { resolver: UsersResolver }),
  ],
  providers: [Orders],
})
export class AppModule {}
