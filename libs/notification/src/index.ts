/**
 * @herald/notification: SMS, push and email delivery and the per-user in-app
 * inbox for NestJS.
 */
export * from './config';
