import { NotifyArgumentError } from '../errors/notify-argument.error.js';
import { findControlCharacter } from '../../utils/store-text.util.js';
import { TopicArgumentError } from './topic-argument.error.js';

/** The longest topic key and subscriber id (the store's `varchar(255)` columns). */
export const TOPIC_TEXT_MAX = 255;

/** Printable ASCII without spaces: `project:42:watchers`, `tag/nestjs`, `team.ops@acme`. */
const TOPIC_KEY = /^[\x21-\x7e]+$/;

/** Throws `TopicArgumentError` unless `key` is a topic key: 1 to 255 printable ASCII characters, no spaces. */
export function checkTopicKey(key: unknown, field = 'topicKey'): string {
  if (typeof key === 'string' && key.length <= TOPIC_TEXT_MAX && TOPIC_KEY.test(key)) return key;
  throw new TopicArgumentError(
    field,
    `must be 1 to ${TOPIC_TEXT_MAX} printable ASCII characters without spaces, such as "project:42:watchers" (got ${NotifyArgumentError.describe(key)})`,
  );
}

/** Throws `TopicArgumentError` unless `id` is a subscriber id: 1 to 255 characters, no control characters. */
export function checkSubscriberId(id: unknown, field: string): string {
  if (
    typeof id === 'string' &&
    id.trim() !== '' &&
    id.length <= TOPIC_TEXT_MAX &&
    findControlCharacter(id) === -1
  )
    return id;
  throw new TopicArgumentError(
    field,
    `must be a user id of 1 to ${TOPIC_TEXT_MAX} characters without control characters (got ${NotifyArgumentError.describe(id)})`,
  );
}
