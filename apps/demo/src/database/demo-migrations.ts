import { heraldMigrations } from '@herald/notification/typeorm';

/**
 * TypeORM migrations the demo runs at start-up: `heraldMigrations()`, every table
 * Herald's database stores need (inbox, delivery records, notifications and device
 * tokens, preferences, outbox, suppression list), as the guides tell an app to do.
 */
export const DEMO_MIGRATIONS: Array<new () => unknown> = heraldMigrations();
