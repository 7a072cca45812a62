import { Test } from '@nestjs/testing';
import { EventEmitterModule } from '@nestjs/event-emitter';
import { InboxModule } from '../inbox.module.js';
import { InboxService } from '../inbox.service.js';
import { InboxLiveService } from './inbox-live.service.js';
import type { LiveEvent } from './live-event.hub.js';

async function liveApp(withEmitter: boolean) {
  const ref = await Test.createTestingModule({
    imports: [
      ...(withEmitter ? [EventEmitterModule.forRoot()] : []),
      InboxModule.forRoot({ config: { storeBackend: 'memory' } }),
    ],
    providers: [InboxLiveService],
  }).compile();
  const app = ref.createNestApplication({ logger: false });
  await app.init();
  return { app, inbox: app.get(InboxService), live: app.get(InboxLiveService) };
}

describe('InboxLiveService', () => {
  it("streams each user's events in the order InboxService fired them, with counts", async () => {
    const { app, inbox, live } = await liveApp(true);
    try {
      const events: LiveEvent[] = [];
      const done = new Promise<void>((resolve) =>
        live.hub.subscribe('ann', (e) => {
          events.push(e);
          if (e.type === 'inbox.deleted') resolve();
        }),
      );
      const other: LiveEvent[] = [];
      live.hub.subscribe('ben', (e) => other.push(e));
      const m = await inbox.send('ann', { title: 'one' });
      await inbox.markSeen('ann', m.id);
      await inbox.markRead('ann', m.id);
      await inbox.markUnread('ann', m.id);
      await inbox.markAll('ann', 'read');
      await inbox.markAllRead('ann');
      await inbox.delete('ann', m.id);
      await done;
      expect(events.map((e) => [e.type, (e.data as { change?: string }).change])).toEqual([
        ['inbox.sent', undefined],
        ['inbox.updated', 'seen'],
        ['inbox.read', undefined],
        ['inbox.updated', 'unread'],
        ['inbox.updated', 'read'],
        ['inbox.deleted', undefined],
      ]);
      expect(events[0]!.data).toMatchObject({ id: m.id, unread_count: 1, unseen_count: 1 });
      expect(events.at(-1)!.data).toEqual({ message_id: m.id, unread_count: 0, unseen_count: 0 });
      expect(new Set(events.map((e) => e.id)).size).toBe(events.length);
      expect(other).toEqual([]);
    } finally {
      await app.close();
    }
  });

  it('without an EventEmitter2 it still starts (the stream then sends sync and heartbeats only)', async () => {
    const { app, inbox, live } = await liveApp(false);
    try {
      const events: LiveEvent[] = [];
      live.hub.subscribe('ann', (e) => events.push(e));
      await inbox.send('ann', { title: 'unheard' });
      await new Promise((resolve) => setImmediate(resolve));
      expect(events).toEqual([]);
    } finally {
      await app.close();
    }
  });
});
