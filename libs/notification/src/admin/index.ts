/** The notification package's admin contribution: page, bell, live bridge, health check. */
export { NotificationAdminContributor } from './notification-admin.contributor';
export type { NotificationAdminOptions } from './notification-admin-options.interface';
export {
  NOTIFICATION_ADMIN_OPTIONS,
  INBOX_HEALTH_CHECK,
  INBOX_REALTIME_TYPES,
} from './admin.constants';
export { createInboxRealtimeBridge } from './inbox-realtime.bridge';
export { checkInboxStore } from './inbox-health.check';
export { renderInboxPage } from './inbox-page.renderer';
export { toInboxMessageJson, type InboxMessageJson } from './inbox-message.json';
export { escapeHtml, html, SafeHtml } from './admin-html.util';
