import {
  CreateDeliveryRecords1732400000000,
  CreateInboxMessages1732300000000,
  NOTIFIER_MIGRATIONS,
} from '@herald/notification/typeorm';

/**
 * TypeORM migrations the demo runs at start-up. Each capability that stores
 * data (inbox, delivery records, notifications and device tokens, metric snapshots) adds its migration classes
 * from its library here.
 */
export const DEMO_MIGRATIONS: Array<new () => unknown> = [
  CreateInboxMessages1732300000000,
  CreateDeliveryRecords1732400000000,
  ...NOTIFIER_MIGRATIONS,
];
