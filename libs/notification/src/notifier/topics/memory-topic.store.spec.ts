import { describeTopicStoreContract } from './__fixtures__/topic-store.contract.js';
import { MemoryTopicStore } from './memory-topic.store.js';

describeTopicStoreContract('MemoryTopicStore', () => new MemoryTopicStore());
