/// <reference types="jest" />
import { Test } from '@nestjs/testing';
import { PUSH_CHANNEL, type PushChannelProtocol } from '@herald/contracts';
import { NotificationModule } from '@herald/notification';
import { FakeApnsServer } from '@herald/notification/testing';

it('sends through the real APNs driver to a fake APNs', async () => {
  const apns = await new FakeApnsServer().start();
  const app = await Test.createTestingModule({
    imports: [
      NotificationModule.forRoot({
        pushBackends: [{ name: 'ios', primary: true, driver: 'apns', apns: apns.driverConfig() }],
      }),
    ],
  }).compile();
  apns.deadTokens.add('stale-token');

  const push = app.get<PushChannelProtocol>(PUSH_CHANNEL);
  const [fresh, stale] = await push.sendBatch([
    { token: 'a1b2c3', title: 'Hi' },
    { token: 'stale-token', title: 'Hi' },
  ]);
  expect(fresh.success).toBe(true);
  expect(stale.dead).toBe(true);
  expect(apns.received[0].payload.aps.alert.title).toBe('Hi');

  await app.close();
  await apns.stop();
});
