import { describeNotificationPreferenceStoreContract } from './__fixtures__/notification-preference-store.contract.js';
import { MemoryNotificationPreferenceStore } from './memory-notification-preference.store.js';

const store = new MemoryNotificationPreferenceStore();
describeNotificationPreferenceStoreContract('MemoryNotificationPreferenceStore', () => store);
