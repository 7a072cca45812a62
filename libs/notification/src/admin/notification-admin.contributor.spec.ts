import { DataSource } from 'typeorm';
import { INBOX_SENT_HOOK, InboxConfig } from '@herald/contracts';
import { CreateInboxMessages1732300000000 } from '../inbox/migrations/create-inbox-messages.migration.js';
import { AddInboxMessageStates1736200000000 } from '../inbox/migrations/add-inbox-message-states.migration.js';
import { CreateInboxCounters1736700000000 } from '../inbox/migrations/create-inbox-counters.migration.js';
import { AddInboxCounterBounds1736800000000 } from '../inbox/migrations/add-inbox-counter-bounds.migration.js';
import {
  INBOX_READ_ALL_EVENT,
  INBOX_READ_EVENT,
  INBOX_UPDATED_EVENT,
} from '../inbox/inbox.events.js';
import { InboxService } from '../inbox/inbox.service.js';
import { DatabaseInboxStore } from '../inbox/stores/database-inbox.store.js';
import { InMemoryInboxStore } from '../inbox/stores/in-memory-inbox.store.js';
import { NotificationAdminContributor } from './notification-admin.contributor.js';
import { memorySqlite } from '../../../../test/helpers/sqlite.js';

class SlowStore extends InMemoryInboxStore {
  override async ping(): Promise<void> {
    await new Promise((r) => setTimeout(r, 200));
  }
}

describe('NotificationAdminContributor', () => {
  it('offers the navigation entry, the page, the bell and the realtime bridge', async () => {
    const inbox = new InboxService(new InMemoryInboxStore());
    const contributor = new NotificationAdminContributor(inbox, { testSendForm: true });
    expect(contributor.navigation()).toEqual([
      expect.objectContaining({ label: 'Notifications', path: '/admin/notifications' }),
    ]);
    const sent = await inbox.send('erin', { title: '<script>x()</script>', body: 'a & b' });
    await inbox.send('erin', { title: 'second', body: '' });
    const [page] = contributor.pages();
    const body = await page.render({ id: 'erin' }, {});
    expect(body).toContain('&lt;script&gt;x()&lt;/script&gt;');
    expect(body).toContain('a &amp; b');
    expect(body).not.toContain('<script>x()');
    expect(body).toContain(`action="/admin/notifications/read/${sent.id}"`);
    expect(body).toContain('name="user_id" value="erin"');
    expect(await page.render({ id: 'frank' }, {})).toContain('No notifications.');
    const forged = await page.render({ id: 'erin' }, { cursor: 'forged' });
    expect(forged).toContain('That page link is no longer valid');
    expect(await contributor.bell({ id: 'erin' })).toMatchObject({
      count: 2,
      streamUrl: '/admin/notifications/stream',
    });

    const [bridge] = contributor.realtimeBridges();
    expect(await bridge.toMessage(INBOX_SENT_HOOK, sent)).toMatchObject({
      userId: 'erin',
      type: 'inbox.sent',
      data: { unread_count: 2, unseen_count: 2, id: sent.id, user_id: 'erin', read: false },
    });
    expect(
      await bridge.toMessage(INBOX_READ_EVENT, {
        userId: 'erin',
        messageId: sent.id,
        unreadCount: 1,
      }),
    ).toEqual({
      userId: 'erin',
      type: 'inbox.read',
      // the counts are the store's when the event is streamed (here nothing was read)
      data: { message_id: sent.id, unread_count: 2, unseen_count: 2 },
    });
    expect(
      await bridge.toMessage(INBOX_READ_ALL_EVENT, { userId: 'erin', count: 2, unreadCount: 0 }),
    ).toEqual({
      userId: 'erin',
      type: 'inbox.read_all',
      data: { count: 2, unread_count: 2, unseen_count: 2 },
    });
    expect(
      await bridge.toMessage(INBOX_UPDATED_EVENT, { userId: 'erin', change: 'seen', count: 2 }),
    ).toEqual({
      userId: 'erin',
      type: 'inbox.updated',
      data: { change: 'seen', count: 2, unread_count: 2, unseen_count: 2 },
    });
  });

  it('the page pages with Older / Newest links and filters unread', async () => {
    const inbox = new InboxService(new InMemoryInboxStore(), {
      config: new InboxConfig({ maxPageSize: 2 }),
    });
    for (const title of ['one', 'two', 'three']) await inbox.send('gail', { title, body: '' });
    const [page] = new NotificationAdminContributor(inbox).pages();
    const first = await page.render({ id: 'gail' }, {});
    expect(first).toContain('three');
    expect(first).not.toContain('>one<');
    const next = /href="\/admin\/notifications\?cursor=([^"&]+)"\s+rel="next"/.exec(first);
    expect(next).not.toBeNull();
    const second = await page.render({ id: 'gail' }, { cursor: decodeURIComponent(next![1]) });
    expect(second).toContain('>one<');
    expect(second).toMatch(/>\s*Newest\s*<\/a>/);
    expect(second).not.toContain('rel="next"');
    const unread = await page.render({ id: 'gail' }, { filter: 'unread' });
    expect(unread).toContain('data-unread-only="true"');
  });

  it('notifications.inbox: healthy on a round trip, unhealthy past the timeout or when the store fails', async () => {
    const healthy = new NotificationAdminContributor(new InboxService(new InMemoryInboxStore()));
    const [check] = healthy.healthChecks();
    expect(check.name).toBe('notifications.inbox');
    expect(await check.check()).toMatchObject({ healthy: true, store: 'InMemoryInboxStore' });

    const slow = new NotificationAdminContributor(new InboxService(new SlowStore()), {
      healthTimeoutMs: 30,
    });
    expect(await slow.healthChecks()[0].check()).toMatchObject({
      healthy: false,
      message: 'inbox store did not answer within 30 ms',
    });

    const ds = new DataSource({
      ...memorySqlite(),
      migrations: [
        CreateInboxMessages1732300000000,
        AddInboxMessageStates1736200000000,
        CreateInboxCounters1736700000000,
        AddInboxCounterBounds1736800000000,
      ],
    });
    await ds.initialize();
    const noTable = new NotificationAdminContributor(new InboxService(new DatabaseInboxStore(ds)));
    expect(await noTable.healthChecks()[0].check()).toMatchObject({
      healthy: false,
      status: 'unhealthy',
    });
    await ds.runMigrations();
    expect(await noTable.healthChecks()[0].check()).toMatchObject({
      healthy: true,
      store: 'DatabaseInboxStore',
    });
    await ds.destroy();
  });
});
