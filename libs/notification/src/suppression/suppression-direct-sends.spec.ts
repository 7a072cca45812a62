import { DeviceTokenService } from '../notifier/devices/device-token.service.js';
import { MemoryDeviceTokenStore } from '../notifier/devices/memory-device-token.store.js';
import { InMemoryPushChannel } from '../memory/in-memory-push-channel.js';
import { InMemorySmsChannel } from '../memory/in-memory-sms-channel.js';
import { DeliverySuppressedError } from '../errors/delivery-suppressed.error.js';
import { MemorySuppressionStore } from './stores/memory-suppression.store.js';
import { SuppressionDeliveryGuard } from './suppression-delivery.guard.js';
import { SuppressionDirectSends } from './suppression-direct-sends.js';
import { SuppressionFeedback } from './suppression-feedback.js';
import { SuppressionService } from './suppression.service.js';

describe('SuppressionDirectSends', () => {
  const setup = () => {
    const service = new SuppressionService(new MemorySuppressionStore());
    const resolve = jest.fn(() => ({
      guards: [new SuppressionDeliveryGuard(service)],
      feedback: new SuppressionFeedback(
        service,
        () => undefined,
        () => false,
      ),
    }));
    const raw = new InMemorySmsChannel();
    const wrapped = new SuppressionDirectSends(resolve).wrap('sms', raw);
    return { service, resolve, raw, wrapped };
  };

  it('resolves the suppression module on the first send only, not when wrapping', async () => {
    const { resolve, wrapped } = setup();
    expect(resolve).not.toHaveBeenCalled();
    await wrapped.send({ to: '+15550120001', body: 'a' });
    await wrapped.send({ to: '+15550120002', body: 'b' });
    expect(resolve).toHaveBeenCalledTimes(1);
  });

  it("keeps the backend's other members (the in-memory fake's sent, sentTo(), reset())", async () => {
    const { service, raw, wrapped } = setup();
    await service.add({ channel: 'sms', address: '+15550120003', reason: 'manual' });
    await expect(wrapped.send({ to: '+15550120003', body: 'no' })).rejects.toBeInstanceOf(
      DeliverySuppressedError,
    );
    await wrapped.send({ to: '+15550120004', body: 'yes' });
    expect(wrapped).toBeInstanceOf(InMemorySmsChannel);
    expect(wrapped.name).toBe(raw.name);
    expect(wrapped.sent.map((m) => m.to)).toEqual(['+15550120004']);
    expect(wrapped.sentTo('+15550120004')).toHaveLength(1);
    wrapped.reset();
    expect(raw.sent).toHaveLength(0);
  });

  it('a dead push token goes to the device-token registry when there is one, not the list', async () => {
    const service = new SuppressionService(new MemorySuppressionStore());
    const devices = new DeviceTokenService(new MemoryDeviceTokenStore());
    await devices.register({ userId: 'u1', token: 'gone-token', platform: 'fcm', app: 'android' });
    const raw = new InMemoryPushChannel('android').markDead('gone-token');
    const wrapped = new SuppressionDirectSends(() => ({
      guards: [new SuppressionDeliveryGuard(service)],
      feedback: new SuppressionFeedback(
        service,
        () => undefined,
        () => true,
      ),
      markDead: (token, reason) => devices.markDead(token, reason),
    })).wrap('push', raw);
    const [result] = await wrapped.sendBatch([{ token: 'gone-token', title: 'Hi' }]);
    expect(result).toMatchObject({ success: false, dead: true });
    expect(await devices.listLive(['u1'])).toEqual([]);
    expect((await service.list({ channel: 'push' })).total).toBe(0);
  });
});
