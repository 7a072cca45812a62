/** Options of `NotificationAdminContributor`; provide it to change the defaults. */
export const NOTIFICATION_ADMIN_OPTIONS = 'HERALD:NOTIFICATION_ADMIN_OPTIONS';
/** Name of the contributor's health check: `notifications.inbox`. */
export const INBOX_HEALTH_CHECK = 'notifications.inbox';
/** Realtime message types sent to the SSE hub (the SSE `event:` names). */
export const INBOX_REALTIME_TYPES = {
  sent: 'inbox.sent',
  read: 'inbox.read',
  readAll: 'inbox.read_all',
  deleted: 'inbox.deleted',
} as const;
