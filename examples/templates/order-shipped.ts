import { join } from 'node:path';
import { Injectable, Module } from '@nestjs/common';
import { EventEmitterModule } from '@nestjs/event-emitter';
import { InjectNotifier } from '@herald/contracts';
import { ObservabilityModule } from '@herald/observability';
import {
  type HasLocalePreference,
  InboxModule,
  MailerModule,
  Notification,
  NotificationModule,
  NotificationTemplatesModule,
  Notifier,
  NotifierModule,
  NotifierService,
} from '@herald/notification';

class User implements HasLocalePreference {
  constructor(
    readonly id: string,
    readonly name: string,
    readonly email: string,
    readonly phone: string,
    readonly language: string,
    readonly timeZone: string,
  ) {}
  preferredLocale() {
    return this.language;
  }
}

/** No toSms()/toMail(): each channel is rendered from templates/order-shipped/. */
export class OrderShipped extends Notification<User> {
  override readonly category = 'orders';
  override readonly template = 'order-shipped';

  constructor(private readonly order: { id: string; items: number; total: number; eta: Date }) {
    super();
  }

  via() {
    return ['sms', 'mail', 'push', 'inbox'];
  }

  override templateData(user: User) {
    return { name: user.name, shop: 'Herald', order: this.order };
  }
}

@Injectable()
export class Orders {
  constructor(@InjectNotifier() private readonly notifier: NotifierService) {}

  async ship() {
    const order = {
      id: 'A-1042',
      items: 3,
      total: 1234.5,
      eta: new Date(Date.now() + 2 * 86_400_000),
    };
    const ada = new User('u1', 'Ada', 'ada@example.com', '+4915112345678', 'de', 'Europe/Berlin');
    await this.notifier.notify(ada, new OrderShipped(order));
    // no user: the route's locale and time zone
    await this.notifier.notify(
      Notifier.route('sms', '+81312345678').withLocale('ja').withTimeZone('Asia/Tokyo'),
      new OrderShipped(order),
    );
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
    // compiled while the app starts: a broken template stops it with file and line
    NotificationTemplatesModule.forRoot({
      dir: join(process.cwd(), 'templates'),
      defaultLocale: 'en',
    }),
    NotifierModule.forRoot({ smsSegmentWarning: 2 }),
  ],
  providers: [Orders],
})
export class AppModule {}
