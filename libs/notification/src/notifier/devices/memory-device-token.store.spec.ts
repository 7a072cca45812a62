import { describeDeviceTokenStoreContract } from './__fixtures__/device-token-store.contract';
import { MemoryDeviceTokenStore } from './memory-device-token.store';

const store = new MemoryDeviceTokenStore();
describeDeviceTokenStoreContract('MemoryDeviceTokenStore', () => store);
