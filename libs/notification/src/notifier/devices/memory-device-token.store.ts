import type { DeviceToken, DeviceTokenFilter, DeviceTokenRegistration } from './device-token.js';
import type { DeviceTokenStore } from './device-token-store.protocol.js';
import { refuseDeviceTokenControls, refuseUserIdControls } from './device-token-text.util.js';

const copy = (token: DeviceToken): DeviceToken => ({ ...token });

/** Device tokens in a Map: one process, lost on restart. */
export class MemoryDeviceTokenStore implements DeviceTokenStore {
  private readonly tokens = new Map<string, DeviceToken>();

  async register(registration: DeviceTokenRegistration): Promise<DeviceToken> {
    refuseDeviceTokenControls({
      token: registration.token,
      userId: registration.userId,
      app: registration.app,
    });
    const now = new Date();
    const existing = this.tokens.get(registration.token);
    const token: DeviceToken = {
      token: registration.token,
      userId: registration.userId,
      platform: registration.platform,
      app: registration.app,
      createdAt: existing?.createdAt ?? now,
      updatedAt: now,
    };
    this.tokens.set(token.token, token);
    return copy(token);
  }

  async unregister(token: string, userId?: string): Promise<DeviceToken | undefined> {
    refuseDeviceTokenControls({ userId });
    const found = this.tokens.get(token);
    if (!found || (userId !== undefined && found.userId !== userId)) return undefined;
    this.tokens.delete(token);
    return copy(found);
  }

  async get(token: string): Promise<DeviceToken | undefined> {
    const found = this.tokens.get(token);
    return found && copy(found);
  }

  async listLive(
    userIds: readonly string[],
    filter: DeviceTokenFilter = {},
  ): Promise<DeviceToken[]> {
    refuseUserIdControls(userIds);
    refuseDeviceTokenControls({ app: filter.app });
    const users = new Set(userIds);
    return [...this.tokens.values()]
      .filter(
        (t) =>
          users.has(t.userId) &&
          !t.deadAt &&
          (!filter.platform || t.platform === filter.platform) &&
          (!filter.app || t.app === filter.app),
      )
      .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime())
      .map(copy);
  }

  async markDead(token: string, reason: string): Promise<DeviceToken | undefined> {
    refuseDeviceTokenControls({ reason });
    const found = this.tokens.get(token);
    if (!found || found.deadAt) return undefined;
    found.deadAt = new Date();
    found.deadReason = reason;
    return copy(found);
  }

  async purgeDead(before: Date): Promise<number> {
    let removed = 0;
    for (const [key, token] of this.tokens) {
      if (token.deadAt && token.deadAt < before) {
        this.tokens.delete(key);
        removed++;
      }
    }
    return removed;
  }
}
