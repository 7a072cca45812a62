import type {
  NotificationPreference,
  NotificationPreferenceInput,
} from './notification-preference.js';
import type { NotificationPreferenceStore } from './notification-preference-store.protocol.js';
import { refusePreferenceControls } from './preference-text.util.js';

const keyOf = (userId: string, category: string, channel: string): string =>
  `${userId}\u0000${category}\u0000${channel}`;

const byTopic = (a: NotificationPreference, b: NotificationPreference): number =>
  a.category < b.category ? -1 : a.category > b.category ? 1 : a.channel < b.channel ? -1 : 1;

/** Preferences in a Map: one process, lost on restart. */
export class MemoryNotificationPreferenceStore implements NotificationPreferenceStore {
  private readonly rows = new Map<string, NotificationPreference>();

  async set(input: NotificationPreferenceInput): Promise<NotificationPreference> {
    const { userId, category, channel } = input;
    refusePreferenceControls({ userId, category, channel });
    const row: NotificationPreference = {
      userId: input.userId,
      category: input.category,
      channel: input.channel,
      enabled: input.enabled,
      updatedAt: new Date(),
    };
    this.rows.set(keyOf(row.userId, row.category, row.channel), row);
    return { ...row };
  }

  async unset(userId: string, category: string, channel: string): Promise<boolean> {
    refusePreferenceControls({ userId, category, channel });
    return this.rows.delete(keyOf(userId, category, channel));
  }

  async list(userId: string): Promise<NotificationPreference[]> {
    refusePreferenceControls({ userId });
    return [...this.rows.values()]
      .filter((r) => r.userId === userId)
      .sort(byTopic)
      .map((r) => ({ ...r }));
  }

  async listFor(userIds: readonly string[], category: string): Promise<NotificationPreference[]> {
    refusePreferenceControls({ category }, userIds);
    const users = new Set(userIds);
    return [...this.rows.values()]
      .filter((r) => users.has(r.userId) && r.category === category)
      .map((r) => ({ ...r }));
  }
}
