import { describeSuppressionStoreContract } from '../__fixtures__/suppression-store.contract';
import { MemorySuppressionStore } from './memory-suppression.store';

describe('MemorySuppressionStore', () => {
  const store = new MemorySuppressionStore();
  describeSuppressionStoreContract('MemorySuppressionStore', () => store);
});
