/// <reference types="jest" />
import { Injectable, Module } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { InjectMailer, MAILER, type MailerProtocol } from '@herald/contracts';
import { DeliveryError, Mailable, MailerModule } from '@herald/notification';
import {
  InMemoryMailer,
  InMemoryPushChannel,
  InMemorySmsChannel,
} from '@herald/notification/testing';

@Injectable()
class Signup {
  constructor(@InjectMailer() private readonly mailer: MailerProtocol) {}
  welcome(name: string, email: string) {
    return this.mailer.send(new Mailable().to(email).subject(`Welcome, ${name}`).text('Hi'));
  }
}

@Module({ imports: [MailerModule.forRoot()], providers: [Signup] })
class AppModule {}

it('sends the welcome mail', async () => {
  const mailer = new InMemoryMailer();
  const moduleRef = await Test.createTestingModule({ imports: [AppModule] })
    .overrideProvider(MAILER)
    .useValue(mailer)
    .compile();
  await moduleRef.get(Signup).welcome('Ada', 'ada@example.com');
  expect(mailer.sentTo('ada@example.com')[0].subject).toBe('Welcome, Ada');
});

it('fakes dead tokens and provider failures', async () => {
  const push = new InMemoryPushChannel().markDead('old-token'); // reported as dead: true
  expect((await push.sendBatch([{ token: 'old-token', title: 'Hi' }]))[0].dead).toBe(true);
  const sms = new InMemorySmsChannel();
  sms.failNext(new DeliveryError('down', { reason: 'provider_unavailable' }));
  await expect(sms.send({ to: '+15551234567', body: 'Hi' })).rejects.toThrow('down');
});
