import { NotifyArgumentError } from '../errors/notify-argument.error.js';
import { checkTopicKey } from './topic-text.util.js';

/**
 * Every subscriber of a topic, as one recipient of `notify()`: what
 * `topic('project:42:watchers')` answers. The notifier reads the
 * subscribers in keyset batches when it sends, never all at once.
 */
export class TopicRecipient {
  constructor(readonly topicKey: string) {}
}

/**
 * The subscribers of topic `key` as the recipient of `notify()`; each one
 * gets the notification with their own preferences, suppressions, quiet
 * hours and locale. Throws `TopicArgumentError` for a bad key.
 *
 * @example await notifier.notify(topic('project:42:watchers'), new ProjectUpdated(project));
 */
export function topic(key: string): TopicRecipient {
  return new TopicRecipient(checkTopicKey(key, 'topic(key)'));
}

/** Whether `notify()`'s first argument is a `topic(...)`. */
export const isTopicRecipient = (target: unknown): target is TopicRecipient =>
  target instanceof TopicRecipient;

/**
 * The topic when `notify()`'s first argument is one, else `undefined`; a
 * topic inside a list is refused (a topic is a recipient of its own).
 */
export function topicOf(recipients: unknown): TopicRecipient | undefined {
  if (isTopicRecipient(recipients)) return recipients;
  if (Array.isArray(recipients)) {
    const at = recipients.findIndex(isTopicRecipient);
    if (at !== -1)
      throw new NotifyArgumentError(
        `recipients[${at}]`,
        'is a topic(); notify one topic at a time, as the first argument on its own',
      );
  }
  return undefined;
}
