import { Injectable, Module } from '@nestjs/common';
import { InjectMailer, type MailerProtocol } from '@herald/contracts';
import { Mailable, MailerModule } from '@herald/notification';

@Injectable()
export class Welcome {
  constructor(@InjectMailer() private readonly mailer: MailerProtocol) {}

  send(address: string, name: string) {
    return this.mailer.send(
      new Mailable()
        .to(address)
        .subject('Welcome, {{name}}')
        .template({ text: 'Hi {{name}}' }, { name }),
    );
  }
}

@Module({
  imports: [
    MailerModule.forRoot({
      backends: [{ name: 'log', primary: true, driver: 'log', fromEmail: 'noreply@example.com' }],
    }),
  ],
  providers: [Welcome],
})
export class AppModule {}
