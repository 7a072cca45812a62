import type { ChatAddress, ChatAddressRegistration } from './chat-address.js';
import type { ChatAddressStore } from './chat-address-store.protocol.js';
import { refuseChatAddressControls, refuseChatUserIdControls } from './chat-address-text.util.js';

/** Chat addresses in memory (one process; tests and `store: 'memory'`). */
export class MemoryChatAddressStore implements ChatAddressStore {
  private readonly byUser = new Map<string, Map<string, ChatAddress>>();

  async register({ userId, address }: ChatAddressRegistration): Promise<ChatAddress> {
    refuseChatAddressControls({ userId, address });
    const mine = this.byUser.get(userId) ?? new Map<string, ChatAddress>();
    this.byUser.set(userId, mine);
    const now = new Date();
    const entry = mine.get(address) ?? { userId, address, createdAt: now, updatedAt: now };
    entry.updatedAt = now;
    mine.set(address, entry);
    return { ...entry };
  }

  async unregister(userId: string, address: string): Promise<ChatAddress | undefined> {
    const mine = this.byUser.get(userId);
    const entry = mine?.get(address);
    if (!entry) return undefined;
    mine!.delete(address);
    if (mine!.size === 0) this.byUser.delete(userId);
    return { ...entry };
  }

  async list(userIds: readonly string[]): Promise<ChatAddress[]> {
    refuseChatUserIdControls(userIds);
    return [...new Set(userIds)]
      .flatMap((id) => [...(this.byUser.get(id)?.values() ?? [])])
      .map((e) => ({ ...e }))
      .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
  }
}
