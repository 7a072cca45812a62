import type { Notification, RecipientLike } from '@herald/notification';
import { DemoWelcome } from '../delivery/demo-welcome.notification.js';
import { DemoOrderShipped } from './demo-order-shipped.notification.js';
import { DemoSignInCode } from './demo-sign-in-code.notification.js';

/** A notification class of the demo the preview page renders, built with sample data. */
export interface PreviewableNotification {
  label: string;
  /** Whether its text comes from `apps/demo/templates/` or from render methods. */
  source: 'templates' | 'methods';
  create(): Notification;
}

/** Every notification class of the demo, by the `class` query value of `/admin/previews`. */
export const PREVIEW_NOTIFICATIONS: Readonly<Record<string, PreviewableNotification>> = {
  'order-shipped': {
    label: 'DemoOrderShipped',
    source: 'templates',
    create: () =>
      new DemoOrderShipped({
        id: 'A-1042',
        items: 3,
        total: 1234.5,
        eta: new Date(Date.now() + 2 * 86_400_000),
      }),
  },
  'sign-in-code': {
    label: 'DemoSignInCode',
    source: 'templates',
    create: () => new DemoSignInCode('482913', 10),
  },
  welcome: {
    label: 'DemoWelcome',
    source: 'methods',
    create: () => new DemoWelcome('Herald admin'),
  },
};

/** The channels the page shows, in its order. */
export const PREVIEW_CHANNELS = ['mail', 'sms', 'push', 'inbox'] as const;
export type PreviewChannel = (typeof PREVIEW_CHANNELS)[number];

/** The locales the demo's templates have messages for (`ar` is right to left). */
export const PREVIEW_LOCALES = ['en', 'de', 'ar'] as const;

/**
 * Sample recipients, each with a locale and time zone of their own. Mallory's
 * name is markup: the page must show it as text, never run it.
 */
export const PREVIEW_RECIPIENTS: Readonly<Record<string, RecipientLike & { label: string }>> = {
  sam: {
    label: 'Sam (en, New York)',
    id: 'preview-sam',
    name: 'Sam',
    email: 'sam@example.com',
    phone: '+12025550143',
    locale: 'en',
    timeZone: 'America/New_York',
  },
  ada: {
    label: 'Ada (de, Berlin)',
    id: 'preview-ada',
    name: 'Ada',
    email: 'ada@example.com',
    phone: '+4915112345678',
    locale: 'de',
    timeZone: 'Europe/Berlin',
  },
  layla: {
    label: 'Layla (ar, Dubai)',
    id: 'preview-layla',
    name: 'ليلى',
    email: 'layla@example.com',
    phone: '+971501234567',
    locale: 'ar',
    timeZone: 'Asia/Dubai',
  },
  mallory: {
    label: 'Mallory (en, markup in her name)',
    id: 'preview-mallory',
    name: '<script>window.__previewXss = 1</script><img src=x onerror="window.__previewXss = 2">',
    email: 'mallory@example.com',
    phone: '+12025550199',
    locale: 'en',
    timeZone: 'UTC',
  },
};
