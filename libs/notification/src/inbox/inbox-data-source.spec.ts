import { Test } from '@nestjs/testing';
import { Client } from 'pg';
import { DataSource, type DataSourceOptions } from 'typeorm';
import { heraldMigrations } from '../typeorm/herald-migrations.util.js';
import { InboxModule } from './inbox.module.js';
import { InboxService } from './inbox.service.js';
import { memorySqlite } from '../../../../test/helpers/sqlite.js';

const PG = { host: '127.0.0.1', port: 5432, user: 'postgres', database: 'test' };
const HERALD_TABLES = [
  'herald_chat_addresses',
  'herald_delivery_records',
  'herald_device_tokens',
  'herald_inbox_counters',
  'herald_inbox_messages',
  'herald_notification_outbox',
  'herald_notification_preferences',
  'herald_notifications',
  'herald_suppressions',
  'herald_topic_subscriptions',
  'herald_webhook_endpoints',
];

/** A private PostgreSQL schema for one test, dropped by `drop()`. */
async function pgSchema(): Promise<{ options: DataSourceOptions; drop(): Promise<void> }> {
  const schema = `herald_inbox_ds_${process.pid}_${Date.now()}_${Math.floor(Math.random() * 1e6)}`;
  const admin = new Client(PG);
  await admin.connect();
  await admin.query(`CREATE SCHEMA "${schema}"`);
  return {
    options: {
      type: 'postgres',
      host: PG.host,
      port: PG.port,
      username: PG.user,
      database: PG.database,
      schema,
    },
    drop: async () => {
      await admin.query(`DROP SCHEMA "${schema}" CASCADE`);
      await admin.end();
    },
  };
}

async function tables(dataSource: DataSource): Promise<string[]> {
  const rows: Array<{ name: string }> =
    dataSource.options.type === 'postgres'
      ? await dataSource.query(
          `SELECT table_name AS name FROM information_schema.tables WHERE table_schema = $1`,
          [(dataSource.options as { schema?: string }).schema],
        )
      : await dataSource.query(`SELECT name FROM sqlite_master WHERE type = 'table'`);
  return rows
    .map((r) => r.name)
    .filter((name) => name.startsWith('herald_'))
    .sort();
}

describe('InboxModule.forRoot({ dataSource }) with a plain (not initialised) DataSource', () => {
  const cases: Array<
    [string, () => Promise<{ options: DataSourceOptions; drop(): Promise<void> }>]
  > = [
    [
      'SQLite',
      async () => ({ options: memorySqlite() as DataSourceOptions, drop: async () => {} }),
    ],
    ['PostgreSQL', pgSchema],
  ];

  it.each(cases)(
    '%s: Herald initialises it at bootstrap (heraldMigrations() run), sends, and destroys it at close',
    async (_db, open) => {
      const db = await open();
      try {
        const dataSource = new DataSource({
          ...db.options,
          migrations: heraldMigrations(),
          migrationsRun: true,
        } as DataSourceOptions);
        expect(dataSource.isInitialized).toBe(false);
        const ref = await Test.createTestingModule({
          imports: [InboxModule.forRoot({ dataSource })],
        }).compile();
        await ref.init();
        try {
          expect(dataSource.isInitialized).toBe(true);
          expect(await tables(dataSource)).toEqual(HERALD_TABLES);
          const inbox = ref.get(InboxService);
          await inbox.send('alice', { title: 'Hello', body: 'first send' });
          const page = await inbox.getInbox('alice');
          expect(page.notifications.map((m) => m.title)).toEqual(['Hello']);
        } finally {
          await ref.close();
        }
        expect(dataSource.isInitialized).toBe(false);
      } finally {
        await db.drop();
      }
    },
  );

  it('leaves a data source the application initialised itself open at close', async () => {
    const dataSource = new DataSource({
      ...memorySqlite(),
      migrations: heraldMigrations(),
    } as DataSourceOptions);
    await dataSource.initialize();
    await dataSource.runMigrations();
    const ref = await Test.createTestingModule({
      imports: [InboxModule.forRoot({ dataSource })],
    }).compile();
    await ref.init();
    await ref.get(InboxService).send('bob', { title: 'Hi', body: '' });
    await ref.close();
    expect(dataSource.isInitialized).toBe(true);
    await dataSource.destroy();
  });

  it('a data source that cannot be initialised fails bootstrap naming initialize() and heraldMigrations()', async () => {
    const dataSource = new DataSource({
      type: 'postgres',
      host: '127.0.0.1',
      port: 1, // nothing listens here
      username: 'postgres',
      database: 'test',
      connectTimeoutMS: 2000,
    });
    await expect(
      Test.createTestingModule({ imports: [InboxModule.forRoot({ dataSource })] }).compile(),
    ).rejects.toThrow(
      /InboxModule\.forRoot\(\{ dataSource \}\): is a TypeORM DataSource that Herald tried to initialise, and initialize\(\) failed \(.*ECONNREFUSED.*\): pass an initialised DataSource \(await dataSource\.initialize\(\)\) whose migrations include heraldMigrations\(\) from '@herald\/notification\/typeorm'/,
    );
  });

  it('heraldMigrations() is every migration class once, oldest first, a fresh array each call', () => {
    const list = heraldMigrations();
    const names = list.map((m) => new m().name as string);
    const stamps = names.map((n) => Number(/(\d{13})$/.exec(n)?.[1]));
    expect(stamps).toEqual([...stamps].sort((a, b) => a - b));
    expect(new Set(names).size).toBe(names.length);
    expect(heraldMigrations()).not.toBe(list);
  });
});
