import { openTestBackend, type TestBackend } from '../__fixtures__/inbox-test-backends.js';
import { InboxService } from '../inbox.service.js';
import { InboxMessageEntity, inboxMessageEntity } from './inbox-message.entity.js';

describe.each(['sqlite', 'postgres'] as const)('inbox entity and migration on %s', (kind) => {
  let backend: TestBackend;

  beforeAll(async () => {
    backend = await openTestBackend(kind);
  });
  afterAll(async () => {
    await backend.close();
  });

  it('the migration creates exactly the schema the entity describes', async () => {
    const sql = await backend.dataSource!.driver.createSchemaBuilder().log();
    expect(sql.upQueries.map((q) => q.query)).toEqual([]);
  });

  it('the repository reads what InboxService stored, timestamps as Dates', async () => {
    const inbox = new InboxService(backend.store);
    const sent = await inbox.send('dora', { title: 'Hi', body: 'there', data: { n: 1 } });
    const repo = backend.dataSource!.getRepository(inboxMessageEntity());
    const row = await repo.findOneByOrFail({ id: sent.id });
    expect(row).toMatchObject({ userId: 'dora', title: 'Hi', data: { n: 1 }, readAt: null });
    expect(row.createdAt).toEqual(sent.createdAt);
    expect(backend.dataSource!.getRepository(InboxMessageEntity).metadata.tableName).toBe(
      'herald_inbox_messages',
    );
  });
});
