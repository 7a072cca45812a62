import type { DeviceToken, DeviceTokenFilter, DeviceTokenRegistration } from './device-token.js';

/**
 * Where device tokens live: `MemoryDeviceTokenStore`, `DatabaseDeviceTokenStore`
 * (TypeORM; SQLite and PostgreSQL). A token belongs to one user at a time:
 * registering it again (for another user, platform or app) moves it and
 * brings a dead token back to life.
 */
export interface DeviceTokenStore {
  register(registration: DeviceTokenRegistration): Promise<DeviceToken>;
  /** Deletes the token (only if it belongs to `userId`, when given); answers what was deleted. */
  unregister(token: string, userId?: string): Promise<DeviceToken | undefined>;
  get(token: string): Promise<DeviceToken | undefined>;
  /** Live tokens of these users (one query for many users), oldest registration first. */
  listLive(userIds: readonly string[], filter?: DeviceTokenFilter): Promise<DeviceToken[]>;
  /** Marks a live token dead; answers it, or `undefined` when unknown or already dead. */
  markDead(token: string, reason: string): Promise<DeviceToken | undefined>;
  /** Deletes tokens dead since before `before`; answers how many. */
  purgeDead(before: Date): Promise<number>;
}
