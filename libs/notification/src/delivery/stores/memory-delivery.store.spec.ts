import { describeDeliveryStoreContract } from './__fixtures__/delivery-store.contract';
import { MemoryDeliveryStore } from './memory-delivery.store';

let store = new MemoryDeliveryStore();
beforeEach(() => {
  store = new MemoryDeliveryStore();
});

describeDeliveryStoreContract('MemoryDeliveryStore', () => store);
