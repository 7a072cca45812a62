/** The notification package's admin contribution: page, bell, live bridge, health check. */
export { NotificationAdminContributor } from './notification-admin.contributor.js';
export type { NotificationAdminOptions } from './notification-admin-options.interface.js';
export {
  NOTIFICATION_ADMIN_OPTIONS,
  INBOX_HEALTH_CHECK,
  INBOX_REALTIME_TYPES,
} from './admin.constants.js';
export { createInboxRealtimeBridge } from './inbox-realtime.bridge.js';
export { checkInboxStore } from './inbox-health.check.js';
export { renderInboxPage } from './inbox-page.renderer.js';
export { toInboxMessageJson, type InboxMessageJson } from './inbox-message.json.js';
export { escapeHtml, html, SafeHtml } from './admin-html.util.js';
