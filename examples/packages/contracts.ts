import { Injectable } from '@nestjs/common';
import { InjectMailer, loadHeraldConfig, type MailerProtocol } from '@herald/contracts';

@Injectable()
export class Greeter {
  constructor(@InjectMailer() private readonly mailer: MailerProtocol) {}

  greet(address: string) {
    return this.mailer.send({ to: [address], subject: 'Hello', text: 'Hi there' });
  }
}

export const config = loadHeraldConfig(); // config/app.yaml + HERALD_* env, validated
