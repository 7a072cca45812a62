import {
  maxParameters,
  runSql,
  SqlTableStore,
  type DataSourceSource,
} from '../../utils/sql-store.util.js';
import type {
  NotificationPreference,
  NotificationPreferenceInput,
} from './notification-preference.js';
import { NOTIFICATION_PREFERENCE_TABLE } from './notification-preference.entity.js';
import type { NotificationPreferenceStore } from './notification-preference-store.protocol.js';
import { refusePreferenceControls } from './preference-text.util.js';

const COLUMNS = 'user_id, category, channel, enabled, updated_at';

interface Row {
  user_id: string;
  category: string;
  channel: string;
  enabled: number | string;
  updated_at: number | string;
}

const toPreference = (row: Row): NotificationPreference => ({
  userId: row.user_id,
  category: row.category,
  channel: row.channel,
  enabled: Number(row.enabled) === 1,
  updatedAt: new Date(Number(row.updated_at)),
});

/**
 * Preferences in SQL through a TypeORM `DataSource` (SQLite or PostgreSQL),
 * table `herald_notification_preferences` from
 * `CreateNotificationPreferences1735000000000`. Setting is one upsert
 * (`ON CONFLICT DO UPDATE`), so concurrent writers of the same choice agree.
 */
export class DatabaseNotificationPreferenceStore
  extends SqlTableStore
  implements NotificationPreferenceStore
{
  constructor(source: DataSourceSource) {
    super(source, NOTIFICATION_PREFERENCE_TABLE);
  }

  async set(input: NotificationPreferenceInput): Promise<NotificationPreference> {
    const { userId, category, channel } = input;
    refusePreferenceControls({ userId, category, channel });
    const { ds, table, p } = this.sql();
    const [row] = await runSql<Row>(
      ds,
      `INSERT INTO ${table} (${COLUMNS}) VALUES (${p(1)}, ${p(2)}, ${p(3)}, ${p(4)}, ${p(5)})
       ON CONFLICT (user_id, category, channel) DO UPDATE
         SET enabled = excluded.enabled, updated_at = excluded.updated_at
       RETURNING ${COLUMNS}`,
      [input.userId, input.category, input.channel, input.enabled ? 1 : 0, Date.now()],
    );
    return toPreference(row);
  }

  async unset(userId: string, category: string, channel: string): Promise<boolean> {
    refusePreferenceControls({ userId, category, channel });
    const { ds, table, p } = this.sql();
    const rows = await runSql<{ user_id: string }>(
      ds,
      `DELETE FROM ${table} WHERE user_id = ${p(1)} AND category = ${p(2)} AND channel = ${p(3)}
       RETURNING user_id`,
      [userId, category, channel],
    );
    return rows.length > 0;
  }

  async list(userId: string): Promise<NotificationPreference[]> {
    refusePreferenceControls({ userId });
    const { ds, table, p } = this.sql();
    const rows = await runSql<Row>(
      ds,
      `SELECT ${COLUMNS} FROM ${table} WHERE user_id = ${p(1)} ORDER BY category, channel`,
      [userId],
    );
    return rows.map(toPreference);
  }

  async listFor(userIds: readonly string[], category: string): Promise<NotificationPreference[]> {
    refusePreferenceControls({ category }, userIds);
    const { ds, table, p } = this.sql();
    const unique = [...new Set(userIds)];
    const slice = maxParameters(ds) - 1;
    const out: NotificationPreference[] = [];
    for (let start = 0; start < unique.length; start += slice) {
      const ids = unique.slice(start, start + slice);
      const rows = await runSql<Row>(
        ds,
        `SELECT ${COLUMNS} FROM ${table}
         WHERE category = ${p(1)} AND user_id IN (${ids.map((_, i) => p(i + 2)).join(', ')})`,
        [category, ...ids],
      );
      out.push(...rows.map(toPreference));
    }
    return out;
  }
}
