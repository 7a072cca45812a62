import {
  maxParameters,
  runSql,
  SqlTableStore,
  type DataSourceSource,
} from '../../utils/sql-store.util.js';
import { TOPIC_SUBSCRIPTION_TABLE } from './create-topic-subscriptions.migration.js';
import type { TopicPage, TopicStore, TopicSubscriber } from './topic-store.protocol.js';

interface Row {
  subscriber_id: string;
  recipient: string | null;
}

function toSubscriber(row: Row): TopicSubscriber {
  return row.recipient === null
    ? { subscriberId: row.subscriber_id }
    : { subscriberId: row.subscriber_id, recipient: JSON.parse(row.recipient) };
}

/**
 * Topic subscriptions in SQL through a TypeORM `DataSource` (SQLite or
 * PostgreSQL), table `herald_topic_subscriptions` from
 * `CreateTopicSubscriptions1736600000000`. A page is one index range scan
 * (`subscriber_id > $after ORDER BY subscriber_id LIMIT n`), as fast at the
 * millionth subscriber as at the first.
 */
export class DatabaseTopicStore extends SqlTableStore implements TopicStore {
  constructor(source: DataSourceSource) {
    super(source, TOPIC_SUBSCRIPTION_TABLE);
  }

  async subscribe(topicKey: string, subscribers: readonly TopicSubscriber[]): Promise<void> {
    const { ds, table, p } = this.sql();
    // the last of a repeated id wins, as one statement may not touch a row twice
    const unique = [...new Map(subscribers.map((s) => [s.subscriberId, s])).values()];
    const slice = Math.floor(maxParameters(ds) / 4);
    const now = Date.now();
    for (let start = 0; start < unique.length; start += slice) {
      const rows = unique.slice(start, start + slice);
      const params: unknown[] = [];
      const values = rows.map((s) => {
        params.push(
          topicKey,
          s.subscriberId,
          s.recipient ? JSON.stringify(s.recipient) : null,
          now,
        );
        const n = params.length;
        return `(${p(n - 3)}, ${p(n - 2)}, ${p(n - 1)}, ${p(n)})`;
      });
      await runSql(
        ds,
        `INSERT INTO ${table} (topic_key, subscriber_id, recipient, created_at)
         VALUES ${values.join(', ')}
         ON CONFLICT (topic_key, subscriber_id) DO UPDATE SET recipient = excluded.recipient`,
        params,
      );
    }
  }

  async unsubscribe(topicKey: string, subscriberIds: readonly string[]): Promise<number> {
    const { ds, table, p } = this.sql();
    const unique = [...new Set(subscriberIds)];
    const slice = maxParameters(ds) - 1;
    let removed = 0;
    for (let start = 0; start < unique.length; start += slice) {
      const ids = unique.slice(start, start + slice);
      const rows = await runSql<{ subscriber_id: string }>(
        ds,
        `DELETE FROM ${table} WHERE topic_key = ${p(1)}
         AND subscriber_id IN (${ids.map((_, i) => p(i + 2)).join(', ')}) RETURNING subscriber_id`,
        [topicKey, ...ids],
      );
      removed += rows.length;
    }
    return removed;
  }

  async subscribers(topicKey: string, page: TopicPage): Promise<TopicSubscriber[]> {
    const { ds, table, p } = this.sql();
    // placeholders in the order they appear (SQLite's `?` are positional)
    const params: unknown[] = [topicKey];
    let where = `topic_key = ${p(1)}`;
    if (page.after !== undefined) {
      params.push(page.after);
      where += ` AND subscriber_id > ${p(2)}`;
    }
    params.push(page.limit);
    const rows = await runSql<Row>(
      ds,
      `SELECT subscriber_id, recipient FROM ${table}
       WHERE ${where} ORDER BY subscriber_id LIMIT ${p(params.length)}`,
      params,
    );
    return rows.map(toSubscriber);
  }
}
