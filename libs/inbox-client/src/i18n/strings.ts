/**
 * Every text `<herald-inbox>` shows or announces. `{n}`, `{title}` and `{label}` are
 * replaced; a `Plural` holds one form per `Intl.PluralRules` category (`other` is
 * the fallback). Set `element.strings` to a partial object to override any of them.
 */
export type Plural = Partial<Record<Intl.LDMLPluralRule, string>> & { other: string };

export interface InboxStrings {
  /** Heading of the panel and first word of the bell's name. */
  title: string;
  /** Bell name: "Notifications, 3 unread" (`{n}` is the exact count, never "99+"). */
  bellUnread: Plural;
  bellUnseen: Plural;
  /** Live region: "2 new notifications". */
  newMessages: Plural;
  /** Tab label suffix read by screen readers: "3 unread". */
  tabUnread: Plural;
  tabAll: string;
  tabUnread0: string;
  tabArchived: string;
  tabSnoozed: string;
  tabsLabel: string;
  close: string;
  preferences: string;
  back: string;
  markAllRead: string;
  archiveAll: string;
  markRead: string;
  markUnread: string;
  archive: string;
  unarchive: string;
  snooze: string;
  unsnooze: string;
  snoozeOneHour: string;
  snoozeTomorrow: string;
  snoozeNextWeek: string;
  snoozeCustom: string;
  snoozeApply: string;
  snoozePast: string;
  snoozedUntil: string;
  loading: string;
  empty: string;
  loadError: string;
  retry: string;
  offline: string;
  unauthorized: string;
  actionFailed: string;
  loadMore: string;
  unreadMark: string;
  severity: Record<'low' | 'normal' | 'high' | 'critical', string>;
  preferencesEmpty: string;
  preferencesError: string;
  /** Channel names in the preferences panel; unknown channels show their id. */
  channels: Record<string, string>;
  now: string;
}

export type InboxStringOverrides = Partial<Omit<InboxStrings, 'severity' | 'channels'>> & {
  severity?: Partial<InboxStrings['severity']>;
  channels?: Record<string, string>;
};

/** Merges overrides (a locale module and/or your own) over a base table. */
export function mergeStrings(
  base: InboxStrings,
  ...overrides: (InboxStringOverrides | undefined)[]
): InboxStrings {
  let out = base;
  for (const o of overrides) {
    if (!o) continue;
    out = {
      ...out,
      ...o,
      severity: { ...out.severity, ...o.severity },
      channels: { ...out.channels, ...o.channels },
    } as InboxStrings;
  }
  return out;
}
