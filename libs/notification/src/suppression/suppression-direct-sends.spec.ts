import { InMemorySmsChannel } from '../testing/fakes/in-memory-sms-channel';
import { DeliverySuppressedError } from '../errors/delivery-suppressed.error';
import { MemorySuppressionStore } from './stores/memory-suppression.store';
import { SuppressionDeliveryGuard } from './suppression-delivery.guard';
import { SuppressionDirectSends } from './suppression-direct-sends';
import { SuppressionFeedback } from './suppression-feedback';
import { SuppressionService } from './suppression.service';

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
});
