import { AddDeliveryFeedback1735300000000 } from '../delivery/migrations/add-delivery-feedback.migration.js';
import { AddDeliveryJob1736100000000 } from '../delivery/migrations/add-delivery-job.migration.js';
import { AddSmsSegmentsToDeliveryRecords1736500000000 } from '../delivery/migrations/add-sms-segments.migration.js';
import { AddDeliveryNotificationId1734200000000 } from '../delivery/migrations/add-delivery-notification-id.migration.js';
import { CreateDeviceTokens1734200000001 } from './devices/create-device-tokens.migration.js';
import { CreateChatAddresses1736300000000 } from './devices/create-chat-addresses.migration.js';
import { CreateNotifications1734200000002 } from './records/create-notifications.migration.js';
import { CreateNotificationPreferences1735000000000 } from './preferences/create-notification-preferences.migration.js';
import { CreateNotificationOutbox1735200000000 } from './outbox/create-notification-outbox.migration.js';
import { CreateSuppressions1735400000000 } from '../suppression/stores/create-suppressions.migration.js';
import { CreateWebhookEndpoints1736400000000 } from './webhooks/create-webhook-endpoints.migration.js';
// Topics (topics/): the subscriptions table.
import { CreateTopicSubscriptions1736600000000 } from './topics/create-topic-subscriptions.migration.js';
import { RenameEmailChannelToMail1736000000000 } from '../delivery/migrations/rename-email-channel.migration.js';

/**
 * The TypeORM migrations the notifier's database stores need, in order, to
 * run after `CreateDeliveryRecords1732400000000`: `notification_id` on
 * delivery records, `herald_device_tokens`, `herald_notifications`,
 * `herald_notification_preferences`, the transactional outbox
 * `herald_notification_outbox`, the provider feedback columns of delivery
 * records (status webhooks), `herald_suppressions` (the suppression list),
 * e-mail's channel renamed `email` → `mail` in delivery records, the `job` of queued
 * delivery records (the sweeper), `herald_chat_addresses` (per-user chat addresses),
 * `herald_webhook_endpoints` (outgoing webhooks), the SMS segments and encoding of
 * delivery records, and `herald_topic_subscriptions` (topics).
 *
 * @example migrations: [CreateDeliveryRecords1732400000000, ...NOTIFIER_MIGRATIONS]
 */
export const NOTIFIER_MIGRATIONS = [
  AddDeliveryNotificationId1734200000000,
  CreateDeviceTokens1734200000001,
  CreateNotifications1734200000002,
  CreateNotificationPreferences1735000000000,
  CreateNotificationOutbox1735200000000,
  AddDeliveryFeedback1735300000000,
  CreateSuppressions1735400000000,
  RenameEmailChannelToMail1736000000000,
  AddDeliveryJob1736100000000,
  CreateChatAddresses1736300000000,
  CreateWebhookEndpoints1736400000000,
  AddSmsSegmentsToDeliveryRecords1736500000000,
  CreateTopicSubscriptions1736600000000,
] as const;
