import { describeSuppressionStoreContract } from '../__fixtures__/suppression-store.contract.js';
import { MemorySuppressionStore } from './memory-suppression.store.js';

describe('MemorySuppressionStore', () => {
  const store = new MemorySuppressionStore();
  describeSuppressionStoreContract('MemorySuppressionStore', () => store);
});
