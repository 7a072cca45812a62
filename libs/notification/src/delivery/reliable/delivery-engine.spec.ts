import { CircuitBreakerRegistry } from '../failover/circuit-breaker.registry';
import { DeliveryStateError } from '../records/delivery-state.error';
import { MemoryDeliveryStore } from '../stores/memory-delivery.store';
import { DeliveryEngine } from './delivery-engine';

describe('DeliveryEngine', () => {
  it('rejects with a DeliveryStateError when the record is not in the store', async () => {
    const engine = new DeliveryEngine({
      store: new MemoryDeliveryStore(),
      breakers: new CircuitBreakerRegistry(),
    });
    const backend = { name: 'tw', send: jest.fn(async () => 'sent') };
    const error = await engine
      .deliver('dlv_missing', 'sms', [backend], {}, () => undefined)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DeliveryStateError);
    expect(error).toMatchObject({ deliveryId: 'dlv_missing', code: 'HERALD_DELIVERY_STATE' });
    expect((error as Error).message).toContain('"dlv_missing" not found');
    expect(backend.send).not.toHaveBeenCalled();
  });
});
