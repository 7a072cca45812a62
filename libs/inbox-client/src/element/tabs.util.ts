import type { InboxFilter, InboxTab } from '../types.js';
import type { InboxStrings } from '../i18n/strings.js';

const STATUSES = ['inbox', 'archived', 'snoozed', 'all'];
const SEVERITIES = ['low', 'normal', 'high', 'critical'];
const FILTER_KEYS = ['status', 'read', 'seen', 'tags', 'severity'];

/** All, Unread, Archived, Snoozed: the tabs when none are configured. */
export function defaultTabs(s: InboxStrings): InboxTab[] {
  return [
    { id: 'all', label: s.tabAll },
    { id: 'unread', label: s.tabUnread0, filter: { read: false } },
    { id: 'archived', label: s.tabArchived, filter: { status: 'archived' } },
    { id: 'snoozed', label: s.tabSnoozed, filter: { status: 'snoozed' } },
  ];
}

function fail(path: string, allowed: string): never {
  throw new TypeError(`herald-inbox: tabs${path} ${allowed}`);
}

/**
 * Checks the `tabs` attribute (JSON text) or property (an array): 1 to 20 tabs,
 * each `{ id, label, filter? }` with the contract's `InboxFilter`. Throws a
 * TypeError naming the offending field and what is allowed.
 */
export function parseTabs(value: unknown): InboxTab[] {
  let tabs = value;
  if (typeof value === 'string') {
    try {
      tabs = JSON.parse(value);
    } catch {
      fail('', 'must be JSON: an array of { "id", "label", "filter"? }');
    }
  }
  if (!Array.isArray(tabs) || tabs.length < 1 || tabs.length > 20)
    fail('', 'must be an array of 1 to 20 tabs { id, label, filter? }');
  const ids = new Set<string>();
  return tabs.map((tab: any, i) => {
    const at = `[${i}]`;
    if (!tab || typeof tab !== 'object') fail(at, 'must be an object { id, label, filter? }');
    if (typeof tab.id !== 'string' || !/^[A-Za-z0-9_.:-]{1,64}$/.test(tab.id))
      fail(`${at}.id`, 'must be 1-64 characters of A-Z a-z 0-9 _ . : -');
    if (ids.has(tab.id)) fail(`${at}.id`, `"${tab.id}" is used twice; ids must be unique`);
    ids.add(tab.id);
    if (typeof tab.label !== 'string' || tab.label.trim() === '' || tab.label.length > 80)
      fail(`${at}.label`, 'must be a text of 1-80 characters');
    return { id: tab.id, label: tab.label, filter: parseFilter(tab.filter, `${at}.filter`) };
  });
}

function parseFilter(f: any, at: string): InboxFilter | undefined {
  if (f === undefined || f === null) return undefined;
  if (typeof f !== 'object' || Array.isArray(f)) fail(at, 'must be an object');
  for (const key of Object.keys(f)) {
    if (FILTER_KEYS.includes(key)) continue;
    // a key that is not a plain name is described by its length only (it could be anything)
    if (/^[A-Za-z_][A-Za-z0-9_]{0,39}$/.test(key))
      fail(`${at}.${key}`, `is unknown; allowed: ${FILTER_KEYS.join(', ')}`);
    fail(at, `has an unknown key of ${key.length} characters; allowed: ${FILTER_KEYS.join(', ')}`);
  }
  const out: InboxFilter = {};
  if (f.status !== undefined) {
    if (!STATUSES.includes(f.status)) fail(`${at}.status`, `must be one of ${STATUSES.join(', ')}`);
    out.status = f.status;
  }
  for (const key of ['read', 'seen'] as const) {
    if (f[key] === undefined) continue;
    if (typeof f[key] !== 'boolean') fail(`${at}.${key}`, 'must be true or false');
    out[key] = f[key];
  }
  if (f.tags !== undefined) {
    const ok =
      Array.isArray(f.tags) &&
      f.tags.length <= 10 &&
      f.tags.every(
        (t: unknown) =>
          typeof t === 'string' &&
          t.length >= 1 &&
          t.length <= 64 &&
          ![...t].some((c) => c.charCodeAt(0) < 32 || c.charCodeAt(0) === 127),
      );
    if (!ok)
      fail(
        `${at}.tags`,
        'must be an array of at most 10 tags of 1-64 characters, no control characters',
      );
    out.tags = f.tags;
  }
  if (f.severity !== undefined) {
    if (
      !Array.isArray(f.severity) ||
      !f.severity.every((s: unknown) => SEVERITIES.includes(s as string))
    )
      fail(`${at}.severity`, `must be an array of ${SEVERITIES.join(', ')}`);
    out.severity = f.severity;
  }
  return out;
}
