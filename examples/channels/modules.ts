import { Module } from '@nestjs/common';
import { MailerModule } from '@herald/notification/mailer';
import { NotificationModule } from '@herald/notification';

@Module({
  imports: [
    // SMS and push backends; the one marked primary is also SMS_CHANNEL / PUSH_CHANNEL
    NotificationModule.forRoot({
      smsBackends: [{ name: 'sms', primary: true, driver: 'log' }],
      pushBackends: [{ name: 'ios', primary: true, driver: 'log' }],
    }),
    // mail backends; the primary one is MAILER
    MailerModule.forRoot({
      backends: [{ name: 'mail', primary: true, driver: 'log', fromEmail: 'noreply@example.com' }],
    }),
  ],
})
export class AppModule {}
