import { describeDeviceTokenStoreContract } from './__fixtures__/device-token-store.contract.js';
import { MemoryDeviceTokenStore } from './memory-device-token.store.js';

const store = new MemoryDeviceTokenStore();
describeDeviceTokenStoreContract('MemoryDeviceTokenStore', () => store);
