import type { PreferenceTopic } from '@herald/notification';

/** A preference topic as the inbox's preferences panel shows it: a category, its label, its channels. */
export interface InboxTopic extends PreferenceTopic {
  label: string;
}

/** Token of the topics `GET/PUT preferences` offer: provide your own list under it. */
export const INBOX_TOPICS = 'INBOX_TOPICS';

/** An example list: `{ provide: INBOX_TOPICS, useValue: APP_TOPICS }`. */
export const APP_TOPICS: InboxTopic[] = [
  { category: 'orders', label: 'Orders', channels: ['inbox', 'mail', 'push'] },
  { category: 'security', label: 'Security', channels: ['inbox', 'mail', 'sms'] },
  {
    category: 'marketing',
    label: 'News and offers',
    channels: ['inbox', 'mail'],
    defaults: { mail: false },
  },
];
