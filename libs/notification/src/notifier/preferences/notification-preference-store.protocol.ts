import type {
  NotificationPreference,
  NotificationPreferenceInput,
} from './notification-preference.js';

/**
 * Where preferences live: `MemoryNotificationPreferenceStore`,
 * `DatabaseNotificationPreferenceStore` (TypeORM; SQLite and PostgreSQL).
 * One row per user × category × channel; values arrive validated by
 * `NotificationPreferencesService`.
 */
export interface NotificationPreferenceStore {
  /** Stores (or replaces) one choice; answers it. */
  set(input: NotificationPreferenceInput): Promise<NotificationPreference>;
  /** Forgets one choice (the default applies again); `false` when there was none. */
  unset(userId: string, category: string, channel: string): Promise<boolean>;
  /** A user's choices, by category then channel. */
  list(userId: string): Promise<NotificationPreference[]>;
  /** The choices of many users for one category (one query however many users). */
  listFor(userIds: readonly string[], category: string): Promise<NotificationPreference[]>;
}
