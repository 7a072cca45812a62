import type { MigrationInterface } from 'typeorm';
import { CreateDeliveryRecords1732400000000 } from '../delivery/migrations/create-delivery-records.migration.js';
import { CreateInboxMessages1732300000000 } from '../inbox/migrations/create-inbox-messages.migration.js';
import { AddInboxMessageStates1736200000000 } from '../inbox/migrations/add-inbox-message-states.migration.js';
import { CreateInboxCounters1736700000000 } from '../inbox/migrations/create-inbox-counters.migration.js';
import { AddInboxCounterBounds1736800000000 } from '../inbox/migrations/add-inbox-counter-bounds.migration.js';
import { NOTIFIER_MIGRATIONS } from '../notifier/notifier.migrations.js';

/**
 * Every TypeORM migration Herald's database stores need, oldest first: the inbox
 * (`herald_inbox_messages`), delivery records (`herald_delivery_records` and its later
 * columns), device tokens, notification records, preferences, the transactional outbox
 * and the suppression list, e-mail's channel renamed `email` → `mail` in delivery records,
 * the job of queued delivery records (the orphan sweeper), the inbox's seen, archived,
 * snoozed, tags, severity and actions columns (`AddInboxMessageStates1736200000000`), the inbox's
 * per-user unread and unseen counters (`CreateInboxCounters1736700000000`) and their
 * bounds (`AddInboxCounterBounds1736800000000`), per-user
 * chat addresses, outgoing-webhook endpoints and the SMS segments of delivery records. Put
 * them in your `DataSource`'s `migrations` (beside your
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
    ...NOTIFIER_MIGRATIONS,
    AddInboxMessageStates1736200000000,
    CreateInboxCounters1736700000000,
    AddInboxCounterBounds1736800000000,
  ].sort((a, b) => timestampOf(a) - timestampOf(b));
}

/** The 13-digit time a migration's `name` ends with (TypeORM's naming; minifiers keep strings). */
function timestampOf(migration: new () => MigrationInterface): number {
  return Number(/(\d{13})$/.exec(new migration().name ?? '')?.[1] ?? 0);
}
