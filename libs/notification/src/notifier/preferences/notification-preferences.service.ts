import { NotificationPreferenceError } from '../errors/notification-preference.error.js';
import {
  MAX_PREFERENCE_CATEGORY_LENGTH,
  MAX_PREFERENCE_USER_ID_LENGTH,
  type EffectivePreference,
  type NotificationPreference,
  type NotificationPreferenceInput,
  type PreferenceTopic,
} from './notification-preference.js';
import type { NotificationPreferenceStore } from './notification-preference-store.protocol.js';
import { refusePreferenceControls } from './preference-text.util.js';
import { findControlCharacter } from '../../utils/store-text.util.js';
import { normalizeChannel } from '../../delivery/records/normalize-channel.util.js';

const shown = (value: unknown): string =>
  typeof value === 'string' && value.length > 40
    ? `a string of ${value.length} characters`
    : (JSON.stringify(value) ?? String(value));

/**
 * Per user × category × channel opt-in and opt-out. Nothing stored means
 * the notification's default (`Notification.defaultPreferences`, else on);
 * the notifier's preference gate reads the same store, so a channel a user
 * turned off for a category is recorded `suppressed` instead of sent
 * (`critical` notifications are sent regardless). Injected by class.
 *
 * @example
 * await preferences.set({ userId: 'u1', category: 'marketing', channel: 'mail', enabled: false });
 * await preferences.effective('u1', [{ category: 'marketing', channels: ['mail', 'sms'] }]);
 */
export class NotificationPreferencesService {
  constructor(
    readonly store: NotificationPreferenceStore,
    private readonly knownChannels: () => readonly string[],
  ) {}

  /** Turns one channel of one category on or off for a user; validates every field. */
  async set(input: NotificationPreferenceInput): Promise<NotificationPreference> {
    const { userId, category, enabled } = input ?? ({} as NotificationPreferenceInput);
    const channel = normalizeChannel(input?.channel);
    this.checkUser(userId);
    this.checkCategory(category);
    this.checkChannel(channel);
    if (typeof enabled !== 'boolean')
      throw new NotificationPreferenceError(
        'enabled',
        `must be true or false (got ${shown(enabled)})`,
      );
    return this.store.set({ userId, category, channel, enabled });
  }

  /**
   * Throws the `NotificationPreferenceError` that `set` or `unset` would for
   * these values, without touching the store (to check input before other work).
   */
  validate(userId: string, category: string, channel: string): void {
    this.checkUser(userId);
    this.checkCategory(category);
    this.checkChannel(normalizeChannel(channel));
  }

  /** Forgets a user's choice (the default applies again); `false` when there was none. */
  async unset(userId: string, category: string, channel: string): Promise<boolean> {
    channel = normalizeChannel(channel);
    this.validate(userId, category, channel);
    return this.store.unset(userId, category, channel);
  }

  /** What the user chose, by category then channel (defaults not included). */
  async list(userId: string): Promise<NotificationPreference[]> {
    this.checkUser(userId);
    return this.store.list(userId);
  }

  /**
   * Whether each channel of each topic is on for the user: their choice, else
   * the topic's default, else on. In the order of `topics` and their channels.
   */
  async effective(
    userId: string,
    topics: readonly PreferenceTopic[],
  ): Promise<EffectivePreference[]> {
    this.checkUser(userId);
    if (!Array.isArray(topics))
      throw new NotificationPreferenceError('topics', `must be an array (got ${shown(topics)})`);
    topics.forEach((topic, i) => {
      this.checkCategory(topic?.category, `topics[${i}].category`);
      if (!Array.isArray(topic.channels))
        throw new NotificationPreferenceError(`topics[${i}].channels`, 'must be an array');
      topic.channels.forEach((c: unknown, j: number) =>
        this.checkChannel(c, `topics[${i}].channels[${j}]`),
      );
    });
    const chosen = new Map(
      (await this.store.list(userId)).map((p) => [`${p.category}\u0000${p.channel}`, p.enabled]),
    );
    return topics.flatMap((topic) =>
      topic.channels.map(normalizeChannel).map((channel: string): EffectivePreference => {
        const mine = chosen.get(`${topic.category}\u0000${channel}`);
        return mine === undefined
          ? {
              category: topic.category,
              channel,
              enabled: topic.defaults?.[channel] ?? true,
              source: 'default',
            }
          : { category: topic.category, channel, enabled: mine, source: 'user' };
      }),
    );
  }

  private checkUser(userId: unknown, field = 'userId'): asserts userId is string {
    if (
      typeof userId !== 'string' ||
      userId.trim() === '' ||
      userId.length > MAX_PREFERENCE_USER_ID_LENGTH
    )
      throw new NotificationPreferenceError(
        field,
        `must be a non-empty string of at most ${MAX_PREFERENCE_USER_ID_LENGTH} characters (got ${shown(userId)})`,
      );
    refusePreferenceControls({ [field]: userId });
  }

  private checkCategory(category: unknown, field = 'category'): asserts category is string {
    if (
      typeof category !== 'string' ||
      category.trim() === '' ||
      category.length > MAX_PREFERENCE_CATEGORY_LENGTH ||
      findControlCharacter(category) !== -1
    )
      throw new NotificationPreferenceError(
        field,
        `must be a non-empty string of at most ${MAX_PREFERENCE_CATEGORY_LENGTH} characters without control characters (got ${shown(category)})`,
      );
  }

  private checkChannel(channel: unknown, field = 'channel'): asserts channel is string {
    const known = this.knownChannels();
    if (typeof channel !== 'string' || !known.includes(normalizeChannel(channel)))
      throw new NotificationPreferenceError(
        field,
        `must be one of ${known.join(', ')} (got ${shown(channel)})`,
      );
  }
}
