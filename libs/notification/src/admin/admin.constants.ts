import { INBOX_STREAM_EVENTS } from '../inbox/live/inbox-live.events.js';

/** Options of `NotificationAdminContributor`; provide it to change the defaults. */
export const NOTIFICATION_ADMIN_OPTIONS = 'HERALD:NOTIFICATION_ADMIN_OPTIONS';
/** Name of the contributor's health check: `notifications.inbox`. */
export const INBOX_HEALTH_CHECK = 'notifications.inbox';
/** Realtime message types sent to the SSE hub (the SSE `event:` names of the inbox stream). */
export const INBOX_REALTIME_TYPES = {
  sent: INBOX_STREAM_EVENTS.sent,
  updated: INBOX_STREAM_EVENTS.updated,
  read: INBOX_STREAM_EVENTS.read,
  readAll: INBOX_STREAM_EVENTS.readAll,
  deleted: INBOX_STREAM_EVENTS.deleted,
} as const;
