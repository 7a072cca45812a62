import type { TestingModule } from '@nestjs/testing';
import { CHAT_CHANNEL } from '@herald/contracts';
import type { InMemoryChatChannel } from '../../memory/in-memory-chat-channel.js';
import { notifierTestApp } from '../__fixtures__/notifier-test-app.js';
import { ChatAddressService } from '../devices/chat-address.service.js';
import { Notification, type ToChat } from '../notification.js';
import { Notifier } from '../notifier.facade.js';
import { NotifierService } from '../notifier.service.js';
import type { RecipientLike } from '../recipients/recipient.interface.js';

class DeployFinished extends Notification implements ToChat {
  constructor(private readonly rich: boolean) {
    super();
  }

  via() {
    return ['chat'];
  }

  toChat(recipient: RecipientLike) {
    return this.rich
      ? {
          title: 'Deploy',
          text: `v2 is live for ${recipient.name ?? 'you'}`,
          fields: [{ label: 'Env', value: 'prod' }],
          severity: 'success' as const,
          to: 'ignored',
        }
      : 'v2 is live';
  }
}

describe('the built-in chat channel of the notifier', () => {
  let app: TestingModule;
  let notifier: NotifierService;
  let chat: InMemoryChatChannel;

  beforeAll(async () => {
    app = await notifierTestApp();
    notifier = app.get(NotifierService);
    chat = app.get(CHAT_CHANNEL);
  });
  afterAll(() => app.close());
  afterEach(() => chat.reset());

  it("posts toChat() to the recipient's chatId, text or a whole message", async () => {
    const result = await notifier.notify(
      { id: 'u1', name: 'Ada', chatId: 'U0ADA' },
      new DeployFinished(true),
    );
    expect(result.deliveries.map((d) => [d.channel, d.status])).toEqual([['chat', 'sent']]);
    expect(chat.sent).toEqual([
      expect.objectContaining({
        to: 'U0ADA',
        title: 'Deploy',
        text: 'v2 is live for Ada',
        fields: [{ label: 'Env', value: 'prod' }],
        severity: 'success',
        idempotencyKey: expect.any(String),
      }),
    ]);
    await notifier.notify(Notifier.route('chat', '#ops'), new DeployFinished(false));
    expect(chat.sent[1]).toMatchObject({ to: '#ops', text: 'v2 is live' });
  });

  it('posts to every chat address registered for a user id without chatId', async () => {
    const addresses = app.get(ChatAddressService);
    await addresses.register({ userId: 'u3', address: 'U0ONE' });
    await addresses.register({ userId: 'u3', address: 'D0TWO' });
    const result = await notifier.notify({ id: 'u3' }, new DeployFinished(false));
    expect(result.deliveries.map((d) => [d.channel, d.status])).toEqual([
      ['chat', 'sent'],
      ['chat', 'sent'],
    ]);
    expect(chat.sent.map((m) => m.to).sort()).toEqual(['D0TWO', 'U0ONE']);
  });

  it('records a recipient without a chat address as skipped, saying why', async () => {
    const result = await notifier.notify({ id: 'u2' }, new DeployFinished(false));
    expect(result.deliveries).toEqual([
      expect.objectContaining({ channel: 'chat', status: 'skipped' }),
    ]);
    const [record] = await notifier.deliveries(result.notificationId);
    expect(record.lastError).toContain('no chat address');
    expect(chat.sent).toHaveLength(0);
  });
});
