import {
  openDeliveryTestDatabase,
  type TestDatabase,
} from '../../delivery/stores/__fixtures__/delivery-test-databases.js';
import { ChatAddressError } from '../errors/chat-address.error.js';
import { NOTIFIER_MIGRATIONS } from '../notifier.migrations.js';
import { ChatAddressService } from './chat-address.service.js';
import type { ChatAddressStore } from './chat-address-store.protocol.js';
import { DatabaseChatAddressStore } from './database-chat-address.store.js';
import { MemoryChatAddressStore } from './memory-chat-address.store.js';

let seq = 0;
const unique = (label: string) => `${label}-${process.pid}-${Date.now()}-${seq++}`;

function contract(name: string, getStore: () => ChatAddressStore): void {
  describe(`${name}: ChatAddressStore contract`, () => {
    it('keeps several addresses a user, once each, and lists many users in one call', async () => {
      const store = getStore();
      const [a, b] = [unique('u'), unique('u')];
      await store.register({ userId: a, address: 'U0A' });
      await store.register({ userId: a, address: '4242' });
      const again = await store.register({ userId: a, address: 'U0A' });
      await store.register({ userId: b, address: 'U0A' });
      expect(again).toMatchObject({ userId: a, address: 'U0A' });
      const listed = await store.list([a, b, a]);
      expect(listed.map((e) => `${e.userId === a ? 'a' : 'b'}:${e.address}`).sort()).toEqual([
        'a:4242',
        'a:U0A',
        'b:U0A',
      ]);
      expect(await store.unregister(a, 'U0A')).toMatchObject({ userId: a, address: 'U0A' });
      expect(await store.unregister(a, 'U0A')).toBeUndefined();
      expect((await store.list([a])).map((e) => e.address)).toEqual(['4242']);
      expect(await store.list([])).toEqual([]);
    });

    it('refuses control characters with a ChatAddressError naming the field', async () => {
      const store = getStore();
      await expect(store.register({ userId: 'u', address: 'a\u0000b' })).rejects.toMatchObject({
        field: 'address',
        code: 'HERALD_CHAT_ADDRESS_INVALID',
      });
      await expect(store.list(['ok', 'b\u0000d'])).rejects.toBeInstanceOf(ChatAddressError);
    });
  });
}

contract('MemoryChatAddressStore', () => new MemoryChatAddressStore());

describe.each(['sqlite', 'postgres'] as const)('DatabaseChatAddressStore on %s', (kind) => {
  let db: TestDatabase;
  let store: DatabaseChatAddressStore;

  beforeAll(async () => {
    db = await openDeliveryTestDatabase(kind, NOTIFIER_MIGRATIONS);
    store = new DatabaseChatAddressStore(() => db.dataSource);
  });
  afterAll(() => db?.close());

  contract(`DatabaseChatAddressStore (${kind})`, () => store);
});

describe('ChatAddressService', () => {
  const service = new ChatAddressService(new MemoryChatAddressStore());

  it.each([
    ['userId', { userId: '', address: 'U1' }],
    ['userId', { userId: 5, address: 'U1' }],
    ['address', { userId: 'u', address: ' ' }],
    ['address', { userId: 'u', address: 'x'.repeat(256) }],
  ])('refuses a bad %s, naming it', async (field, bad) => {
    const error = await Promise.resolve()
      .then(() => service.register(bad as never))
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ChatAddressError);
    expect((error as Error).message).toMatch(new RegExp(`^chat address: ${field} must be`));
  });
});
