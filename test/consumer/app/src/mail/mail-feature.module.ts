import { Module } from '@nestjs/common';
import { MailerModule } from '@herald/notification';
import { MailController } from './mail.controller.js';

/** Email through the `log` driver: recorded and logged, never sent. */
@Module({
  imports: [
    MailerModule.forRoot({
      backends: [{ name: 'log', primary: true, driver: 'log', fromEmail: 'noreply@example.com' }],
    }),
  ],
  controllers: [MailController],
})
export class MailFeatureModule {}
