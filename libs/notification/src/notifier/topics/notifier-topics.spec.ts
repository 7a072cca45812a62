import type { TestingModule } from '@nestjs/testing';
import { InboxService } from '../../inbox/inbox.service.js';
import { notifierTestApp } from '../__fixtures__/notifier-test-app.js';
import { NotifyArgumentError } from '../errors/notify-argument.error.js';
import { Notification, type RenderContext } from '../notification.js';
import { NotifierService } from '../notifier.service.js';
import { NotificationPreferencesService } from '../preferences/notification-preferences.service.js';
import { TOPIC_STORE } from './topic.constants.js';
import { TopicArgumentError } from './topic-argument.error.js';
import { topic } from './topic-recipient.js';
import type { TopicStore } from './topic-store.protocol.js';
import { TopicService } from './topic.service.js';

/** SMS and inbox, rendered in the recipient's locale. */
class ProjectUpdated extends Notification<{ id: string }> {
  override readonly category = 'projects';
  constructor(readonly project: string) {
    super();
  }
  via() {
    return ['sms', 'inbox'];
  }
  toSms(_: unknown, context: RenderContext) {
    return `${context.locale === 'fr' ? 'Projet' : 'Project'} ${this.project}`;
  }
  toInbox(_: unknown, context: RenderContext) {
    const title = `${context.locale === 'fr' ? 'Projet' : 'Project'} ${this.project}`;
    return { title, body: 'updated' };
  }
}

describe('notify(topic(...)) without a queue: the subscribers streamed in pages', () => {
  let app: TestingModule;
  let notifier: NotifierService;
  let topics: TopicService;
  let pages: Array<{ after?: string; limit: number }>;

  beforeAll(async () => {
    app = await notifierTestApp({ topics: { batchSize: 2 } });
    notifier = app.get(NotifierService);
    topics = app.get(TopicService);
    const store = app.get<TopicStore>(TOPIC_STORE);
    const read = store.subscribers.bind(store);
    pages = [];
    store.subscribers = (key, page) => {
      pages.push(page);
      return read(key, page);
    };
  });
  afterAll(() => app.close());

  it('reaches every subscriber once, each with their own preferences and locale, two at a time', async () => {
    await topics.subscribe('project:42:watchers', ['u1', 'u2', 'u3']);
    await topics.subscribe('project:42:watchers', {
      id: 'u4',
      phone: '+15550000004',
      locale: 'fr',
    });
    await topics.subscribe('project:43:watchers', 'u5');
    await app
      .get(NotificationPreferencesService)
      .set({ userId: 'u2', category: 'projects', channel: 'inbox', enabled: false });
    pages.length = 0;

    const result = await notifier.notify(
      topic('project:42:watchers'),
      new ProjectUpdated('Apollo'),
    );

    expect(result).toMatchObject({ status: 'dispatched', duplicate: false, deliveries: [] });
    expect(pages).toEqual([
      { after: undefined, limit: 2 },
      { after: 'u2', limit: 2 },
      { after: 'u4', limit: 2 },
    ]);
    const inbox = app.get(InboxService);
    const titles = async (userId: string) =>
      (await inbox.getInbox(userId)).notifications.map((m) => m.title);
    expect(await titles('u1')).toEqual(['Project Apollo']);
    expect(await titles('u2')).toEqual([]); // turned off
    expect(await titles('u3')).toEqual(['Project Apollo']);
    expect(await titles('u4')).toEqual(['Projet Apollo']); // subscribed with locale fr
    expect(await titles('u5')).toEqual([]); // another topic
    const deliveries = await notifier.deliveries(result.notificationId);
    const status = (channel: string) =>
      deliveries
        .filter((d) => d.channel === channel)
        .map((d) => d.status)
        .sort();
    expect(status('inbox')).toEqual(['sent', 'sent', 'sent', 'suppressed']);
    // only u4 was subscribed with a phone number
    expect(status('sms')).toEqual(['sent', 'skipped', 'skipped', 'skipped']);
    expect(await notifier.get(result.notificationId)).toMatchObject({
      status: 'dispatched',
      deliveries: 8,
    });
  });

  it('sends nothing twice for a repeated idempotency key', async () => {
    await topics.subscribe('tag:nestjs', ['a', 'b']);
    const first = await notifier.notify(topic('tag:nestjs'), new ProjectUpdated('Zeus'), {
      idempotencyKey: 'release-1',
    });
    const again = await notifier.notify(topic('tag:nestjs'), new ProjectUpdated('Zeus'), {
      idempotencyKey: 'release-1',
    });
    expect(again).toMatchObject({ notificationId: first.notificationId, duplicate: true });
    expect((await app.get(InboxService).getInbox('a')).notifications).toHaveLength(1);
  });

  it('refuses bad keys, bad subscribers and what a topic cannot take, naming them', async () => {
    expect(() => topic('has space')).toThrow(TopicArgumentError);
    expect(() => topic('')).toThrow(/topic\(key\) must be 1 to 255 printable ASCII/);
    expect(() => topic('x'.repeat(256))).toThrow(TopicArgumentError);
    await expect(topics.subscribe('a\u0000b', 'u1')).rejects.toThrow(/topicKey must be/);
    await expect(topics.subscribe('ok', { email: 'x@example.com' })).rejects.toThrow(
      /recipient\.id must be a user id/,
    );
    await expect(topics.subscribe('ok', ['u1', ''])).rejects.toThrow(/recipients\[1\] must be/);
    await expect(topics.subscribe('ok', [])).rejects.toThrow(/recipients is empty/);
    await expect(topics.subscribers('ok', { limit: 0 })).rejects.toThrow(/limit must be/);
    await expect(notifier.notify([topic('ok'), 'u1'], new ProjectUpdated('X'))).rejects.toThrow(
      /recipients\[0\] is a topic\(\)/,
    );
    await expect(
      notifier.notify(topic('ok'), new ProjectUpdated('X'), { transaction: {} as never }),
    ).rejects.toThrow(NotifyArgumentError);
  });

  it('pages subscribers for the application, unsubscribes', async () => {
    await topics.subscribe('team:ops', ['x1', 'x2', 'x3']);
    const first = await topics.subscribers('team:ops', { limit: 2 });
    expect(first).toEqual({
      subscribers: [{ subscriberId: 'x1' }, { subscriberId: 'x2' }],
      next: 'x2',
    });
    expect(await topics.subscribers('team:ops', { after: first.next, limit: 2 })).toEqual({
      subscribers: [{ subscriberId: 'x3' }],
    });
    expect(await topics.unsubscribe('team:ops', ['x1', { id: 'x3' }])).toBe(2);
    expect((await topics.subscribers('team:ops')).subscribers).toEqual([{ subscriberId: 'x2' }]);
  });
});
