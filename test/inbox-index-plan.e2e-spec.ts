import type { Client } from 'pg';
import { DataSource } from 'typeorm';
import type { InboxFilter } from '@herald/contracts';
import { InboxService } from '@herald/notification/inbox';
import {
  AddInboxMessageStates1736200000000,
  CreateInboxCounters1736700000000,
  AddInboxCounterBounds1736800000000,
  CreateInboxMessages1732300000000,
  DatabaseInboxStore,
} from '@herald/notification/typeorm';
import { createPrivateSchema, type PrivateSchema } from './helpers/pg-schema.js';

const USERS = 10;
const ROWS = 5000;

interface PlanNode {
  'Node Type': string;
  'Index Name'?: string;
  'Relation Name'?: string;
  'Scan Direction'?: string;
  Plans?: PlanNode[];
}

const nodes = (plan: PlanNode): PlanNode[] => [plan, ...(plan.Plans ?? []).flatMap(nodes)];

/**
 * Each tab's keyset page stays on an index: the statement `getInbox()` runs is
 * planned by PostgreSQL, on analysed data, as a walk down one of the list
 * indexes in `(listed_at, id)` order: an Index Scan under the Limit, no Sort
 * and no sequential scan anywhere (the count subqueries included), on the first
 * page and on a later one.
 */
describe('inbox list plans on PostgreSQL (EXPLAIN)', () => {
  const schema = `herald_inbox_plan_${process.pid}`;
  let admin: Client;
  let privateSchema: PrivateSchema;
  let ds: DataSource;
  let statements: Array<[string, unknown[]]> = [];
  let inbox: InboxService;

  beforeAll(async () => {
    privateSchema = await createPrivateSchema(schema);
    admin = privateSchema.admin;
    ds = new DataSource({
      ...privateSchema.options,
      migrations: [
        CreateInboxMessages1732300000000,
        AddInboxMessageStates1736200000000,
        CreateInboxCounters1736700000000,
        AddInboxCounterBounds1736800000000,
      ],
    });
    await ds.initialize();
    await ds.runMigrations();
    const base = Date.UTC(2026, 0, 1);
    // users interleaved as they would be in a shared table; a third read, a
    // seventh archived, tags in three of four messages ('ci' in half)
    await admin.query(
      `INSERT INTO "${schema}".herald_inbox_messages
        (id, user_id, title, body, read_at, seen_at, archived_at, listed_at, tags, severity, created_at, expires_at)
       SELECT substr(h,1,8)||'-'||substr(h,9,4)||'-7'||substr(h,14,3)||'-8'||substr(h,18,3)||'-'||substr(h,21,12),
         'user' || (g % ${USERS}), 'Message ' || g, '',
         CASE WHEN g % 3 = 0 THEN ${base} + g END, CASE WHEN g % 3 = 0 THEN ${base} + g END,
         CASE WHEN g % 7 = 0 THEN ${base} + g END, ${base} + g,
         (ARRAY['["ci"]', '["deploy"]', '["ci","billing"]', '[]'])[(g / ${USERS}) % 4 + 1],
         (ARRAY['low', 'normal', 'high', 'normal'])[(g / ${USERS}) % 4 + 1],
         ${base} + g, ${base} + g + 3650::bigint * 86400000
       FROM (SELECT g, md5('plan' || g::text) AS h FROM generate_series(1, ${ROWS}) g) s`,
    );
    await admin.query(`ANALYZE "${schema}".herald_inbox_messages`);
    const logger = ds.logger;
    const original = logger.logQuery.bind(logger);
    jest.spyOn(logger, 'logQuery').mockImplementation((query, parameters, runner) => {
      statements.push([query, parameters ?? []]);
      return original(query, parameters, runner);
    });
    inbox = new InboxService(new DatabaseInboxStore(ds), { now: () => new Date(base + ROWS + 1) });
  });
  afterAll(async () => {
    jest.restoreAllMocks();
    await ds.destroy();
    await privateSchema.drop();
  });

  const planOf = async (filter: InboxFilter, cursor?: string) => {
    statements = [];
    const page = await inbox.getInbox('user3', { limit: 20, filter, cursor });
    expect(statements).toHaveLength(1);
    const [text, params] = statements[0];
    const [{ 'QUERY PLAN': explained }] = (await ds.query(
      `EXPLAIN (FORMAT JSON) ${text}`,
      params,
    )) as Array<{
      'QUERY PLAN': Array<{ Plan: PlanNode }>;
    }>;
    return { page, plan: explained[0].Plan };
  };

  it.each([
    ['the default tab', {}, 'idx_herald_inbox_user_listed_active'],
    ['unread', { read: false }, 'idx_herald_inbox_user_listed_unread'],
    ['archived', { status: 'archived' }, 'idx_herald_inbox_user_listed_archived'],
    ['unseen', { seen: false }, /^idx_herald_inbox_user_listed_(active|unseen)$/],
    ['a tag', { tags: ['ci'] }, /^idx_herald_inbox_user_listed(_active)?$/],
  ] as Array<[string, InboxFilter, string | RegExp]>)(
    '%s: an index scan in list order, no Sort, no Seq Scan (first and later page)',
    async (_name, filter, index) => {
      const first = await planOf(filter);
      expect(first.page.notifications).toHaveLength(20);
      const later = await planOf(filter, first.page.nextCursor);
      expect(later.page.notifications).toHaveLength(20);
      for (const { plan } of [first, later]) {
        const shown = JSON.stringify(plan);
        expect(plan['Node Type']).toBe('Limit');
        const scan = plan.Plans!.find((p) => p['Node Type'] !== 'Result' && !('Subplan Name' in p));
        expect({ type: scan?.['Node Type'], index: scan?.['Index Name'] }).toEqual({
          type: 'Index Scan',
          index: typeof index === 'string' ? index : expect.stringMatching(index),
        });
        expect(scan!['Scan Direction']).toBe('Backward');
        const kinds = nodes(plan).map((n) => n['Node Type']);
        expect({ kinds, shown }).toEqual({
          kinds: expect.not.arrayContaining(['Sort', 'Incremental Sort', 'Seq Scan']),
          shown,
        });
      }
    },
  );
});
