/** The notification package's admin contribution: page, bell, live bridge, health check. */
export { NotificationAdminContributor } from './notification-admin.contributor.js';
export type { NotificationAdminOptions } from './notification-admin-options.interface.js';
export { NOTIFICATION_ADMIN_OPTIONS } from './admin.constants.js';
export { escapeHtml, html, type SafeHtml } from './admin-html.util.js';
