import { Module } from '@nestjs/common';
import { NotificationWebhooksModule } from '@herald/notification';

@Module({
  imports: [
    NotificationWebhooksModule.forRoot({
      ses: {
        topicArns: ['arn:aws:sns:eu-west-1:123456789012:ses-events'],
        // toleranceSeconds: 900, certificateHostPattern: /^sns\.[a-z0-9-]+\.amazonaws\.com(\.cn)?$/
      },
    }),
  ],
})
export class SesFeedbackModule {}
