/** One stored choice of a user: a channel on or off for a category. */
export interface NotificationPreference {
  userId: string;
  category: string;
  channel: string;
  enabled: boolean;
  /** When it was last set. */
  updatedAt: Date;
}

/** What `NotificationPreferencesService.set` takes. */
export interface NotificationPreferenceInput {
  userId: string;
  /** A notification `category` (`orders`, `security`, `general`...). */
  category: string;
  /** `sms`, `push`, `mail`, `inbox` or a custom channel's name. */
  channel: string;
  /** `false` opts the user out of the channel for the category; `true` opts in. */
  enabled: boolean;
}

/**
 * What a user may choose between, for `NotificationPreferencesService.effective`:
 * a category, its channels, and which of them are off until the user turns
 * them on (a notification class's `defaultPreferences`).
 */
export interface PreferenceTopic {
  category: string;
  channels: readonly string[];
  /** Per channel, on (`true`) or off (`false`) when the user has not chosen. @default every channel on */
  defaults?: Readonly<Record<string, boolean>>;
}

/** A user's answer for one category and channel: their choice, or the default. */
export interface EffectivePreference {
  category: string;
  channel: string;
  enabled: boolean;
  /** `user`: the user chose it; `default`: nothing stored, the topic's default applies. */
  source: 'user' | 'default';
}

/** Longest category stored (characters). */
export const MAX_PREFERENCE_CATEGORY_LENGTH = 100;
/** Longest user id stored (characters). */
export const MAX_PREFERENCE_USER_ID_LENGTH = 255;
