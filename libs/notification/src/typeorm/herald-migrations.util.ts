import type { MigrationInterface } from 'typeorm';
import { AddDeliveryFeedback1735300000000 } from '../delivery/migrations/add-delivery-feedback.migration.js';
import { AddDeliveryNotificationId1734200000000 } from '../delivery/migrations/add-delivery-notification-id.migration.js';
import { CreateDeliveryRecords1732400000000 } from '../delivery/migrations/create-delivery-records.migration.js';
import { CreateInboxMessages1732300000000 } from '../inbox/migrations/create-inbox-messages.migration.js';
import { CreateDeviceTokens1734200000001 } from '../notifier/devices/create-device-tokens.migration.js';
import { CreateNotificationOutbox1735200000000 } from '../notifier/outbox/create-notification-outbox.migration.js';
import { CreateNotificationPreferences1735000000000 } from '../notifier/preferences/create-notification-preferences.migration.js';
import { CreateNotifications1734200000002 } from '../notifier/records/create-notifications.migration.js';
import { CreateSuppressions1735400000000 } from '../suppression/stores/create-suppressions.migration.js';
import { RenameEmailChannelToMail1736000000000 } from '../delivery/migrations/rename-email-channel.migration.js';

/**
 * Every TypeORM migration Herald's database stores need, oldest first: the inbox
 * (`herald_inbox_messages`), delivery records (`herald_delivery_records` and its later
 * columns), device tokens, notification records, preferences, the transactional outbox
 * and the suppression list, and e-mail's channel renamed `email` → `mail` in delivery records. Put them in your `DataSource`'s `migrations` (beside your
 * own) and run them (`migrationsRun: true` or `dataSource.runMigrations()`); each runs
 * once, so adding the list to an app that ran some of them before is safe. A new
 * Herald release that needs another table adds its migration here.
 *
 * @example
 * new DataSource({ type: 'postgres', url, migrations: [...heraldMigrations(), ...mine], migrationsRun: true })
 */
export function heraldMigrations(): Array<new () => MigrationInterface> {
  return [
    CreateInboxMessages1732300000000,
    CreateDeliveryRecords1732400000000,
    AddDeliveryNotificationId1734200000000,
    CreateDeviceTokens1734200000001,
    CreateNotifications1734200000002,
    CreateNotificationPreferences1735000000000,
    CreateNotificationOutbox1735200000000,
    AddDeliveryFeedback1735300000000,
    CreateSuppressions1735400000000,
    RenameEmailChannelToMail1736000000000,
  ];
}
