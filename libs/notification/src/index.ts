/**
 * @herald/notification: SMS, push and email delivery and the per-user in-app
 * inbox for NestJS, and the notifier on top. Subpaths: `@herald/notification/mailer`,
 * `/inbox`, `/notifier`, `/testing`, and, for apps that install those peers,
 * `/typeorm` (database stores, entities, migrations) and `/bullmq` (queued
 * delivery). Each folder's barrel lists its public names explicitly.
 */
export * from './config/index.js';
export * from './errors/index.js';
export * from './sms/index.js';
export * from './chat/index.js';
export * from './push/index.js';
export * from './mailer/index.js';
export * from './delivery/index.js';
export * from './inbox/index.js';
export * from './admin/index.js';
export * from './utils/index.js';
export * from './registry/index.js';
export * from './notifier/index.js';
export * from './webhooks/index.js';
export * from './suppression/index.js';
export * from './templates/index.js';
export * from './whatsapp/index.js';
export { NotificationModule } from './notification.module.js';
export type {
  NotificationConfigInput,
  NotificationModuleExtras,
} from './notification.module-definition.js';
