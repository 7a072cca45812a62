import type { DeliveryRecord, NotificationRecord, NotifierService } from '@herald/notification';

/** A notification of the log with its channel deliveries (recipients masked). */
export interface LoggedNotification {
  notification: NotificationRecord;
  deliveries: Array<Record<string, unknown>>;
}

/** The newest notifications, each with its delivery records (one query a notification). */
export async function notificationLog(
  notifier: NotifierService,
  limit: number,
): Promise<LoggedNotification[]> {
  const notifications = await notifier.list({ limit });
  return Promise.all(
    notifications.map(async (notification) => ({
      notification,
      deliveries: (await notifier.deliveries(notification.id, 100)).map((r: DeliveryRecord) =>
        r.toJSON(),
      ),
    })),
  );
}
