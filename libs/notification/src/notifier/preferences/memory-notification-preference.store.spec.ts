import { describeNotificationPreferenceStoreContract } from './__fixtures__/notification-preference-store.contract';
import { MemoryNotificationPreferenceStore } from './memory-notification-preference.store';

const store = new MemoryNotificationPreferenceStore();
describeNotificationPreferenceStoreContract('MemoryNotificationPreferenceStore', () => store);
