import type { PreferenceTopic } from '@herald/notification';
import { DemoWelcome } from '../delivery/demo-welcome.notification.js';

/** A category the demo's users can choose channels for, with a label for the page. */
export interface DemoPreferenceTopic extends PreferenceTopic {
  label: string;
}

/**
 * The demo's notification categories and the channels their notifications
 * use: `DemoWelcome` ("Notify a demo user" on /admin/deliveries) goes out on
 * every built-in channel, all on by default.
 */
export const DEMO_PREFERENCE_TOPICS: readonly DemoPreferenceTopic[] = [
  {
    category: new DemoWelcome('').category,
    label: 'Demo notifications ("Notify a demo user" on Deliveries)',
    channels: ['inbox', 'sms', 'mail', 'push'],
  },
];
