/** Options of the notification admin contributor (`NOTIFICATION_ADMIN_OPTIONS`). */
export interface NotificationAdminOptions {
  /** Where the admin routes live. @default '/admin/notifications' */
  basePath?: string;
  /** Round-trip deadline of the `notifications.inbox` health check. @default 2000 */
  healthTimeoutMs?: number;
  /** Show a "send a test notification" form on the page (posts to `<basePath>/send`). @default false */
  testSendForm?: boolean;
}
