import type { InboxAction, InboxBulkChange, InboxFilter, InboxSeverity } from '@herald/contracts';
import { findControlCharacter, codePointLabel } from '../../utils/store-text.util.js';
import { InboxError } from '../errors/inbox.error.js';
import { quote } from './inbox-input.util.js';

/** The severities, lowest first. */
export const INBOX_SEVERITIES: readonly InboxSeverity[] = Object.freeze([
  'low',
  'normal',
  'high',
  'critical',
]);
const STATUSES = ['inbox', 'archived', 'snoozed', 'all'] as const;
const BULK_CHANGES: readonly InboxBulkChange[] = ['seen', 'read', 'archived'];
export const INBOX_LIMITS = Object.freeze({
  tags: 10,
  tag: 64,
  actions: 2,
  label: 80,
  url: 2000,
  tabs: 20,
});
const ID_PATTERN = /^[A-Za-z0-9_.:-]{1,64}$/;

const fail = (field: string, message: string) =>
  new InboxError(`inbox ${field} ${message}`, 'INBOX_INVALID_INPUT', field);

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/** A one-line string of `min`–`max` characters without control characters. */
function line(value: unknown, field: string, max: number): string {
  if (typeof value !== 'string' || value.length === 0 || value.length > max)
    throw fail(field, `${quote(value)} is invalid; pass a string of 1 to ${max} characters`);
  const at = findControlCharacter(value);
  if (at !== -1)
    throw fail(
      field,
      `must not contain control characters (${codePointLabel(value.charCodeAt(at))} at index ${at})`,
    );
  return value;
}

function refuseUnknownKeys(value: Record<string, unknown>, field: string, known: string[]): void {
  const unknown = Object.keys(value).find((key) => !known.includes(key));
  if (unknown !== undefined)
    throw fail(field, `has the unknown field ${quote(unknown)}; use ${known.join(', ')}`);
}

/** Tags of a message or a filter: 1–10 strings of 1–64 characters; duplicates dropped. */
export function validateTags(value: unknown, field = 'tags', allowEmpty = true): string[] {
  if (!Array.isArray(value) || value.length > INBOX_LIMITS.tags || (!allowEmpty && !value.length))
    throw fail(
      field,
      `${quote(value)} is invalid; pass an array of ${allowEmpty ? 0 : 1} to ${INBOX_LIMITS.tags} tags`,
    );
  const tags = value.map((tag, i) => line(tag, `${field}[${i}]`, INBOX_LIMITS.tag));
  return [...new Set(tags)];
}

export function validateSeverity(value: unknown, field = 'severity'): InboxSeverity {
  if (typeof value !== 'string' || !INBOX_SEVERITIES.includes(value as InboxSeverity))
    throw fail(field, `${quote(value)} is invalid; use one of ${INBOX_SEVERITIES.join(', ')}`);
  return value as InboxSeverity;
}

/** An action id: 1–64 of `[A-Za-z0-9_.:-]`. */
export function validateActionId(value: unknown, field = 'actionId'): string {
  if (typeof value !== 'string' || !ID_PATTERN.test(value))
    throw fail(field, `${quote(value)} is invalid; pass 1 to 64 of A-Z a-z 0-9 _ . : -`);
  return value;
}

/** At most two actions, each `{ label, url }` or `{ label, actionId }`; action ids unique. */
export function validateActions(value: unknown): InboxAction[] {
  if (!Array.isArray(value) || value.length > INBOX_LIMITS.actions)
    throw fail('actions', `${quote(value)} is invalid; pass an array of at most two actions`);
  const actions = value.map((raw, i): InboxAction => {
    const field = `actions[${i}]`;
    if (!isPlainObject(raw))
      throw fail(field, `${quote(raw)} is invalid; pass { label, url } or { label, actionId }`);
    refuseUnknownKeys(raw, field, ['label', 'url', 'actionId']);
    const label = line(raw.label, `${field}.label`, INBOX_LIMITS.label);
    if (label.trim() === '') throw fail(`${field}.label`, 'is blank; pass a visible label');
    if ((raw.url === undefined) === (raw.actionId === undefined))
      throw fail(
        field,
        'needs exactly one of url (opened by the client) or actionId (posted back)',
      );
    return raw.url !== undefined
      ? { label, url: line(raw.url, `${field}.url`, INBOX_LIMITS.url) }
      : { label, actionId: validateActionId(raw.actionId, `${field}.actionId`) };
  });
  if (actions.length === 2 && actions[0].actionId && actions[0].actionId === actions[1].actionId)
    throw fail(
      'actions[1].actionId',
      `'${actions[1].actionId}' repeats actions[0]; use distinct ids`,
    );
  return actions;
}

/** A filter (`undefined` is the default tab); returns a normalised copy. */
export function validateFilter(value: unknown, field = 'filter'): InboxFilter {
  if (value === undefined) return {};
  if (!isPlainObject(value))
    throw fail(field, `${quote(value)} is invalid; pass an object such as { status, read, tags }`);
  refuseUnknownKeys(value, field, ['status', 'read', 'seen', 'tags', 'severity']);
  const filter: InboxFilter = {};
  if (value.status !== undefined) {
    if (!STATUSES.includes(value.status as (typeof STATUSES)[number]))
      throw fail(
        `${field}.status`,
        `${quote(value.status)} is invalid; use one of ${STATUSES.join(', ')}`,
      );
    filter.status = value.status as InboxFilter['status'];
  }
  for (const key of ['read', 'seen'] as const) {
    if (value[key] === undefined) continue;
    if (typeof value[key] !== 'boolean')
      throw fail(`${field}.${key}`, `${quote(value[key])} is invalid; pass true or false`);
    filter[key] = value[key];
  }
  if (value.tags !== undefined) filter.tags = validateTags(value.tags, `${field}.tags`, false);
  if (value.severity !== undefined) {
    const list = value.severity;
    if (!Array.isArray(list) || list.length === 0 || list.length > INBOX_SEVERITIES.length)
      throw fail(
        `${field}.severity`,
        `${quote(list)} is invalid; pass an array of 1 to 4 of ${INBOX_SEVERITIES.join(', ')}`,
      );
    filter.severity = [
      ...new Set(list.map((s, i) => validateSeverity(s, `${field}.severity[${i}]`))),
    ];
  }
  return filter;
}

/** Tabs of `counts()`: 1–20 ids of `[A-Za-z0-9_.:-]`, each with a filter. */
export function validateTabs(value: unknown): Array<[string, InboxFilter]> {
  if (!isPlainObject(value))
    throw fail('tabs', `${quote(value)} is invalid; pass an object { [tabId]: filter }`);
  const ids = Object.keys(value);
  if (ids.length === 0 || ids.length > INBOX_LIMITS.tabs)
    throw fail('tabs', `has ${ids.length} tabs; pass 1 to ${INBOX_LIMITS.tabs}`);
  return ids.map((id) => {
    if (!ID_PATTERN.test(id))
      throw fail('tabs', `id ${quote(id)} is invalid; use 1 to 64 of A-Z a-z 0-9 _ . : -`);
    return [id, validateFilter(value[id], `tabs.${id}`)];
  });
}

/** A snooze end: a valid `Date` after `now` (no upper cap). */
export function validateSnoozeUntil(value: unknown, now: Date): Date {
  if (!(value instanceof Date) || Number.isNaN(value.getTime()))
    throw fail('until', `${quote(value)} is invalid; pass a Date`);
  if (value.getTime() <= now.getTime())
    throw fail('until', `${value.toISOString()} is not in the future; pass a later time`);
  return new Date(value.getTime());
}

export function validateBulkChange(value: unknown): InboxBulkChange {
  if (!BULK_CHANGES.includes(value as InboxBulkChange))
    throw fail('change', `${quote(value)} is invalid; use one of ${BULK_CHANGES.join(', ')}`);
  return value as InboxBulkChange;
}
