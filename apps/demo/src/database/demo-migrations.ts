import { CreateInboxMessages1732300000000 } from '@herald/notification/inbox';
import {
  AddDeliveryNotificationId1734200000000,
  CreateDeliveryRecords1732400000000,
} from '@herald/notification';

/**
 * TypeORM migrations the demo runs at start-up. Each capability that stores
 * data (inbox, delivery records, metric snapshots) adds its migration classes
 * from its library here.
 */
export const DEMO_MIGRATIONS: Array<new () => unknown> = [
  CreateInboxMessages1732300000000,
  CreateDeliveryRecords1732400000000,
  AddDeliveryNotificationId1734200000000,
];
