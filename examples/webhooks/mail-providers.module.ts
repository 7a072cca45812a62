import { Module } from '@nestjs/common';
import { NotificationWebhooksModule } from '@herald/notification';

@Module({
  imports: [
    NotificationWebhooksModule.forRoot({
      postmark: { username: 'postmark', password: process.env.POSTMARK_WEBHOOK_PASSWORD! },
      mailgun: { signingKey: process.env.MAILGUN_WEBHOOK_SIGNING_KEY! }, // toleranceSeconds: 300
      resend: { secret: process.env.RESEND_WEBHOOK_SECRET! }, // whsec_...; toleranceSeconds: 300
    }),
  ],
})
export class MailProviderFeedbackModule {}
