import { ChatAddressError } from '../errors/chat-address.error.js';
import type { ChatAddress, ChatAddressRegistration } from './chat-address.js';
import type { ChatAddressStore } from './chat-address-store.protocol.js';
import { refuseChatAddressControls } from './chat-address-text.util.js';

function check(field: 'userId' | 'address', value: unknown): asserts value is string {
  if (typeof value !== 'string' || value.trim() === '' || value.length > 255)
    throw new ChatAddressError(
      field,
      `must be a non-empty string of at most 255 characters (got ${typeof value === 'string' ? `${value.length} characters` : JSON.stringify(value)})`,
    );
  refuseChatAddressControls({ [field]: value });
}

/**
 * Per-user chat addresses, kept beside device tokens: the notifier's `chat`
 * channel posts to every address of a user that has no `chatId` or `chat`
 * route. Injected by class.
 *
 * @example await chatAddresses.register({ userId: 'u1', address: 'U0123ABC' })
 */
export class ChatAddressService {
  constructor(private readonly store: ChatAddressStore) {}

  register(registration: ChatAddressRegistration): Promise<ChatAddress> {
    check('userId', registration?.userId);
    check('address', registration?.address);
    return this.store.register({ userId: registration.userId, address: registration.address });
  }

  unregister(userId: string, address: string): Promise<ChatAddress | undefined> {
    check('userId', userId);
    check('address', address);
    return this.store.unregister(userId, address);
  }

  list(userId: string): Promise<ChatAddress[]> {
    check('userId', userId);
    return this.store.list([userId]);
  }

  /** Addresses of many users at once (the notifier's fan-out). */
  listMany(userIds: readonly string[]): Promise<ChatAddress[]> {
    return this.store.list(userIds);
  }
}
