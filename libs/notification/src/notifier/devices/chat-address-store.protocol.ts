import type { ChatAddress, ChatAddressRegistration } from './chat-address.js';

/**
 * Where per-user chat addresses live, beside device tokens:
 * `MemoryChatAddressStore`, `DatabaseChatAddressStore` (TypeORM; SQLite and
 * PostgreSQL). A user may have several; registering one again refreshes it.
 */
export interface ChatAddressStore {
  register(registration: ChatAddressRegistration): Promise<ChatAddress>;
  /** Deletes the address of `userId`; answers what was deleted. */
  unregister(userId: string, address: string): Promise<ChatAddress | undefined>;
  /** The addresses of these users (one query for many users), oldest first. */
  list(userIds: readonly string[]): Promise<ChatAddress[]>;
}
