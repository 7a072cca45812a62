/**
 * @herald/notification: SMS, push and email delivery and the per-user in-app
 * inbox for NestJS, and the notifier on top. Subpaths: `@herald/notification/mailer`,
 * `/inbox`, `/notifier`, `/testing`, and, for apps that install those peers,
 * `/typeorm` (database stores, entities, migrations) and `/bullmq` (queued
 * delivery). Each folder's barrel lists its public names explicitly.
 */
export * from './config';
export * from './errors';
export * from './sms';
export * from './push';
export * from './mailer';
export * from './delivery';
export * from './inbox';
export * from './admin';
export * from './utils';
export * from './registry';
export * from './notifier';
export * from './webhooks';
export * from './suppression';
export { NotificationModule } from './notification.module';
export type {
  NotificationConfigInput,
  NotificationModuleExtras,
} from './notification.module-definition';
