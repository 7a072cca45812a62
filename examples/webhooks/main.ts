import 'reflect-metadata';
import { Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { NotificationModule, NotificationWebhooksModule } from '@herald/notification';

@Module({
  imports: [
    NotificationModule.forRoot(), // with notification.delivery.enabled: the records to update
    NotificationWebhooksModule.forRoot({
      twilio: { authToken: process.env.TWILIO_AUTH_TOKEN!, publicUrl: 'https://api.example.com' },
      sendgrid: { publicKey: process.env.SENDGRID_EVENT_WEBHOOK_KEY! }, // toleranceSeconds: 300
      vonage: { signatureSecret: process.env.VONAGE_SIGNATURE_SECRET! }, // signatureMethod: 'sha256'
      routes: { sendgridEvents: 'hooks/sendgrid' }, // or false to leave a route out
      bodyLimit: 5 * 1024 * 1024, // bytes per webhook body (the default); the app's JSON limit stays
    }),
  ],
})
export class AppModule {}

async function bootstrap() {
  // SendGrid signs the raw body: the routes keep it themselves on Express, rawBody covers other adapters
  const app = await NestFactory.create(AppModule, { rawBody: true });
  await app.listen(3000);
}
void bootstrap();
