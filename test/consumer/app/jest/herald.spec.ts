import { Injectable, Module } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import {
  InjectMailer,
  MAILER,
  METRICS_COLLECTOR,
  type MailerProtocol,
  type MetricsCollectorProtocol,
} from '@herald/contracts';
import { MonitorModule } from '@herald/monitor';
import { Mailable, MailerModule } from '@herald/notification';
import { InMemoryMailer } from '@herald/notification/testing';

// The CommonJS app's own Jest suite (Nest CLI 11 template: Jest with ts-jest,
// CommonJS), copied as src/herald.spec.ts: Jest resolves `exports` itself and,
// before 30.4, without `module-sync`, so it takes Herald's CommonJS copy.

@Injectable()
class Signup {
  constructor(@InjectMailer() private readonly mailer: MailerProtocol) {}
  welcome(email: string) {
    return this.mailer.send(new Mailable().to(email).subject('Welcome').text('Hi'));
  }
}

@Module({ imports: [MailerModule.forRoot()], providers: [Signup] })
class SignupModule {}

describe('Herald in a CommonJS app Jest suite', () => {
  it('records a metric through MonitorModule', async () => {
    const moduleRef = await Test.createTestingModule({
      imports: [MonitorModule.forRoot({ config: { backendType: 'memory' } })],
    }).compile();
    const metrics = moduleRef.get<MetricsCollectorProtocol>(METRICS_COLLECTOR);
    const counter = metrics.createCounter('jest_signups', 'Signups in a jest test');
    counter.increment(2);
    expect(counter.getCount()).toBe(2);
    await moduleRef.close();
  });

  it('sends a mail through the test kit', async () => {
    const mailer = new InMemoryMailer();
    const moduleRef = await Test.createTestingModule({ imports: [SignupModule] })
      .overrideProvider(MAILER)
      .useValue(mailer)
      .compile();
    await moduleRef.get(Signup).welcome('ada@example.com');
    expect(mailer.sentTo('ada@example.com')[0].subject).toBe('Welcome');
    await moduleRef.close();
  });
});
