import { Injectable, Module } from '@nestjs/common';
import { EventEmitterModule } from '@nestjs/event-emitter';
import {
  NotificationModule,
  NotificationWebhooksModule,
  SuppressionModule,
  SuppressionService,
} from '@herald/notification';

/** An admin action of your app: list what is suppressed for an address, lift it. */
@Injectable()
export class SuppressionAdmin {
  constructor(private readonly suppressions: SuppressionService) {}

  async liftMail(address: string) {
    const { entries } = await this.suppressions.list({ channel: 'mail', address });
    for (const entry of entries) await this.suppressions.lift(entry.id);
    return entries.length;
  }
}

@Module({
  imports: [
    EventEmitterModule.forRoot(), // the webhooks' events reach the suppression list through it
    NotificationModule.forRoot(), // every SMS, push and mail send asks the list first
    NotificationWebhooksModule.forRoot({
      sendgrid: { publicKey: process.env.SENDGRID_WEBHOOK_PUBLIC_KEY! },
    }),
    SuppressionModule.forRoot({
      store: 'database', // herald_suppressions: run heraldMigrations() ('@herald/notification/typeorm'); or 'memory'
      unsubscribe: {
        secret: process.env.UNSUBSCRIBE_SECRET!, // HMAC-SHA256 key, 32+ characters, never logged
        url: 'https://app.example.com/mail/unsubscribe', // what mail clients POST to
        route: 'mail/unsubscribe', // the library's controller in this app
      },
    }),
  ],
  providers: [SuppressionAdmin],
})
export class AppModule {}
