/**
 * `@herald/notification/typeorm`: the parts typed by TypeORM, for apps that
 * keep the inbox or the delivery records in a database
 * (`npm install typeorm @nestjs/typeorm` and a driver: `pg`, `better-sqlite3`
 * or `sql.js`). Add the migrations to your `DataSource`'s `migrations`; the
 * modules build the stores themselves (`store_backend: database`,
 * `delivery.store: database`), or build one in code from here.
 *
 * @example
 * TypeOrmModule.forRoot({ type: 'postgres', url, migrations: [CreateInboxMessages1732300000000], migrationsRun: true })
 */
export { DatabaseInboxStore } from '../inbox/stores/database-inbox.store';
export type { DatabaseInboxStoreOptions } from '../inbox/stores/database-inbox.store';
export { InboxMessageEntity, inboxMessageEntity } from '../inbox/entities/inbox-message.entity';
export { CreateInboxMessages1732300000000 } from '../inbox/migrations/create-inbox-messages.migration';
export { DatabaseDeliveryStore } from '../delivery/stores/database-delivery.store';
export {
  DeliveryRecordEntity,
  deliveryRecordEntity,
  DELIVERY_TABLE,
} from '../delivery/entities/delivery-record.entity';
export { CreateDeliveryRecords1732400000000 } from '../delivery/migrations/create-delivery-records.migration';
export { AddDeliveryNotificationId1734200000000 } from '../delivery/migrations/add-delivery-notification-id.migration';
export { AddDeliveryFeedback1735300000000 } from '../delivery/migrations/add-delivery-feedback.migration';
export { NOTIFIER_MIGRATIONS } from '../notifier/notifier.migrations';
export { DatabaseDeviceTokenStore } from '../notifier/devices/database-device-token.store';
export {
  deviceTokenEntity,
  DeviceTokenEntity,
  DEVICE_TOKEN_TABLE,
} from '../notifier/devices/device-token.entity';
export { CreateDeviceTokens1734200000001 } from '../notifier/devices/create-device-tokens.migration';
export { DatabaseNotificationStore } from '../notifier/records/database-notification.store';
export {
  notificationRecordEntity,
  NotificationRecordEntity,
  NOTIFICATION_TABLE,
} from '../notifier/records/notification-record.entity';
export { CreateNotifications1734200000002 } from '../notifier/records/create-notifications.migration';
export { DatabaseOutboxStore, OUTBOX_CHANNEL } from '../notifier/outbox/database-outbox.store';
export {
  outboxRecordEntity,
  OutboxRecordEntity,
  OUTBOX_TABLE,
} from '../notifier/outbox/outbox-record.entity';
export { CreateNotificationOutbox1735200000000 } from '../notifier/outbox/create-notification-outbox.migration';
export type { TypeormNotifierTransaction } from '../notifier/outbox/typeorm-transaction';
export { DatabaseNotificationPreferenceStore } from '../notifier/preferences/database-notification-preference.store';
export {
  notificationPreferenceEntity,
  NotificationPreferenceEntity,
  NOTIFICATION_PREFERENCE_TABLE,
} from '../notifier/preferences/notification-preference.entity';
export { CreateNotificationPreferences1735000000000 } from '../notifier/preferences/create-notification-preferences.migration';
export { DatabaseSuppressionStore } from '../suppression/stores/database-suppression.store';
export {
  suppressionEntity,
  SuppressionEntity,
  SUPPRESSION_TABLE,
} from '../suppression/stores/suppression.entity';
export { CreateSuppressions1735400000000 } from '../suppression/stores/create-suppressions.migration';
