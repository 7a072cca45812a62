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

  try {
    const push = app.get<PushChannelProtocol>(PUSH_CHANNEL);
    const [fresh, stale] = await push.sendBatch([
      { token: 'a1'.repeat(32), title: 'Hi' }, // a device token: 64 hex digits
      { token: 'stale-token', title: 'Hi' },
    ]);
    expect(fresh.success).toBe(true);
    expect(stale.dead).toBe(true); // 410 Unregistered
    expect(apns.received[0].payload.aps.alert.title).toBe('Hi');
  } finally {
    await app.close();
    await apns.stop();
  }
});
