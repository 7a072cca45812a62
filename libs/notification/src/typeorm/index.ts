/**
 * `@herald/notification/typeorm`: the parts typed by TypeORM, for apps that
 * keep the inbox or the delivery records in a database
 * (`npm install typeorm @nestjs/typeorm` and a driver: `pg`, `better-sqlite3`
 * or `sql.js`). Add the migrations to your `DataSource`'s `migrations`; the
 * modules build the stores themselves (`store_backend: database`,
 * `delivery.store: database`), or build one in code from here.
 *
 * @example
 * TypeOrmModule.forRoot({ type: 'postgres', url, migrations: heraldMigrations(), migrationsRun: true })
 */
export { heraldMigrations } from './herald-migrations.util.js';
export { DatabaseInboxStore } from '../inbox/stores/database-inbox.store.js';
export type { DatabaseInboxStoreOptions } from '../inbox/stores/database-inbox.store.js';
export { InboxMessageEntity, inboxMessageEntity } from '../inbox/entities/inbox-message.entity.js';
export { CreateInboxMessages1732300000000 } from '../inbox/migrations/create-inbox-messages.migration.js';
export { AddInboxMessageStates1736200000000 } from '../inbox/migrations/add-inbox-message-states.migration.js';
export { CreateInboxCounters1736700000000 } from '../inbox/migrations/create-inbox-counters.migration.js';
export { AddInboxCounterBounds1736800000000 } from '../inbox/migrations/add-inbox-counter-bounds.migration.js';
export { DatabaseDeliveryStore } from '../delivery/stores/database-delivery.store.js';
export type { DatabaseDeliveryStoreOptions } from '../delivery/stores/database-delivery.store.js';
export type { TransitionBatcherOptions } from '../delivery/stores/transition-batcher.js';
export {
  DeliveryRecordEntity,
  deliveryRecordEntity,
  DELIVERY_TABLE,
} from '../delivery/entities/delivery-record.entity.js';
export { CreateDeliveryRecords1732400000000 } from '../delivery/migrations/create-delivery-records.migration.js';
export { AddDeliveryNotificationId1734200000000 } from '../delivery/migrations/add-delivery-notification-id.migration.js';
export { AddDeliveryFeedback1735300000000 } from '../delivery/migrations/add-delivery-feedback.migration.js';
export { RenameEmailChannelToMail1736000000000 } from '../delivery/migrations/rename-email-channel.migration.js';
export { AddDeliveryJob1736100000000 } from '../delivery/migrations/add-delivery-job.migration.js';
export { AddSmsSegmentsToDeliveryRecords1736500000000 } from '../delivery/migrations/add-sms-segments.migration.js';
export { NOTIFIER_MIGRATIONS } from '../notifier/notifier.migrations.js';
export { DatabaseWebhookEndpointStore } from '../notifier/webhooks/database-webhook-endpoint.store.js';
export type {
  WebhookEndpointStore,
  WebhookEndpointPatch,
} from '../notifier/webhooks/webhook-endpoint-store.protocol.js';
export type {
  StoredWebhookEndpoint,
  WebhookEndpoint,
  WebhookEndpointFilter,
  WebhookSecret,
} from '../notifier/webhooks/webhook-endpoint.js';
export {
  CreateWebhookEndpoints1736400000000,
  WEBHOOK_ENDPOINT_TABLE,
} from '../notifier/webhooks/create-webhook-endpoints.migration.js';
export { DatabaseTopicStore } from '../notifier/topics/database-topic.store.js';
export {
  CreateTopicSubscriptions1736600000000,
  TOPIC_SUBSCRIPTION_TABLE,
} from '../notifier/topics/create-topic-subscriptions.migration.js';
export { DatabaseDeviceTokenStore } from '../notifier/devices/database-device-token.store.js';
export {
  deviceTokenEntity,
  DeviceTokenEntity,
  DEVICE_TOKEN_TABLE,
} from '../notifier/devices/device-token.entity.js';
export { CreateDeviceTokens1734200000001 } from '../notifier/devices/create-device-tokens.migration.js';
export {
  DatabaseChatAddressStore,
  CHAT_ADDRESS_TABLE,
} from '../notifier/devices/database-chat-address.store.js';
export { CreateChatAddresses1736300000000 } from '../notifier/devices/create-chat-addresses.migration.js';
export { DatabaseNotificationStore } from '../notifier/records/database-notification.store.js';
export {
  notificationRecordEntity,
  NotificationRecordEntity,
  NOTIFICATION_TABLE,
} from '../notifier/records/notification-record.entity.js';
export { CreateNotifications1734200000002 } from '../notifier/records/create-notifications.migration.js';
export { DatabaseOutboxStore, OUTBOX_CHANNEL } from '../notifier/outbox/database-outbox.store.js';
export {
  outboxRecordEntity,
  OutboxRecordEntity,
  OUTBOX_TABLE,
} from '../notifier/outbox/outbox-record.entity.js';
export { CreateNotificationOutbox1735200000000 } from '../notifier/outbox/create-notification-outbox.migration.js';
export type { TypeormNotifierTransaction } from '../notifier/outbox/typeorm-transaction.js';
export { DatabaseNotificationPreferenceStore } from '../notifier/preferences/database-notification-preference.store.js';
export {
  notificationPreferenceEntity,
  NotificationPreferenceEntity,
  NOTIFICATION_PREFERENCE_TABLE,
} from '../notifier/preferences/notification-preference.entity.js';
export { CreateNotificationPreferences1735000000000 } from '../notifier/preferences/create-notification-preferences.migration.js';
export { DatabaseSuppressionStore } from '../suppression/stores/database-suppression.store.js';
export {
  suppressionEntity,
  SuppressionEntity,
  SUPPRESSION_TABLE,
} from '../suppression/stores/suppression.entity.js';
export { CreateSuppressions1735400000000 } from '../suppression/stores/create-suppressions.migration.js';
