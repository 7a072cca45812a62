import { Client } from 'pg';
import { DataSource } from 'typeorm';
import type { InboxStoreProtocol } from '@herald/contracts';
import { CreateInboxMessages1732300000000 } from '../migrations/create-inbox-messages.migration.js';
import { AddInboxMessageStates1736200000000 } from '../migrations/add-inbox-message-states.migration.js';
import { CreateInboxCounters1736700000000 } from '../migrations/create-inbox-counters.migration.js';
import { AddInboxCounterBounds1736800000000 } from '../migrations/add-inbox-counter-bounds.migration.js';
import { inboxMessageEntity } from '../entities/inbox-message.entity.js';
import { DatabaseInboxStore } from '../stores/database-inbox.store.js';
import { InMemoryInboxStore } from '../stores/in-memory-inbox.store.js';
import { memorySqlite } from '../../../../../test/helpers/sqlite.js';

/** A store under test and how to close it. Used by the inbox specs only. */
export interface TestBackend {
  store: InboxStoreProtocol;
  dataSource?: DataSource;
  close(): Promise<void>;
}

const PG = { host: '127.0.0.1', port: 5432, user: 'postgres', database: 'test' };
let schemaSeq = 0;

async function migrated(dataSource: DataSource): Promise<DataSource> {
  await dataSource.initialize();
  await dataSource.runMigrations();
  return dataSource;
}

/** `memory`, `sqlite` (in-memory database) or `postgres` (a private schema dropped on close). */
export async function openTestBackend(
  kind: 'memory' | 'sqlite' | 'postgres',
): Promise<TestBackend> {
  if (kind === 'memory') return { store: new InMemoryInboxStore(), close: async () => {} };
  const common = {
    entities: [inboxMessageEntity()],
    migrations: [
      CreateInboxMessages1732300000000,
      AddInboxMessageStates1736200000000,
      CreateInboxCounters1736700000000,
      AddInboxCounterBounds1736800000000,
    ],
  };
  if (kind === 'sqlite') {
    const ds = await migrated(new DataSource({ ...memorySqlite(), ...common }));
    return { store: new DatabaseInboxStore(ds), dataSource: ds, close: () => ds.destroy() };
  }
  const schema = `herald_inbox_test_${process.pid}_${++schemaSeq}`;
  const admin = new Client(PG);
  await admin.connect();
  await admin.query(`CREATE SCHEMA "${schema}"`);
  const ds = await migrated(
    new DataSource({
      type: 'postgres',
      host: PG.host,
      port: PG.port,
      username: PG.user,
      database: PG.database,
      schema,
      extra: { max: 10 },
      ...common,
    }),
  );
  return {
    store: new DatabaseInboxStore(ds),
    dataSource: ds,
    close: async () => {
      await ds.destroy();
      await admin.query(`DROP SCHEMA "${schema}" CASCADE`);
      await admin.end();
    },
  };
}
