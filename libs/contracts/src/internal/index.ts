/**
 * `@herald/contracts/internal`: helpers the Herald packages share with each
 * other. They are not part of the public API and may change in any release;
 * applications should not import them.
 */
export {
  requireOptional,
  isOptionalAvailable,
  heraldRequire,
} from '../utils/require-optional.util.js';
export {
  REDACTED,
  describeUrl,
  isSecretKey,
  isUrlKey,
  redactDeep,
  redactText,
  redactUrl,
  redactUrlCredentials,
  secretRedactor,
  urlSecrets,
} from '../utils/redact.util.js';
export { toSnakeCase, toCamelCase } from '../config/schema/naming.util.js';
export { HERALD_METRIC_HELP, heraldMetricHelp } from '../metrics/herald-metric-help.constants.js';
export {
  slackPayload,
  teamsPayload,
  discordPayload,
  telegramText,
  type ChatContent,
} from '../chat/chat-payloads.util.js';
export {
  escapeSlack,
  escapeTelegramHtml,
  escapeTelegramMarkdown,
  escapeDiscord,
  truncate,
} from '../chat/chat-escape.util.js';
export {
  parseRedisUrl,
  redisUrlProblem,
  hashTagged,
  REDIS_URL_FORMS,
  type RedisTarget,
  type RedisNodeAddress,
} from '../redis/redis-url.util.js';
export {
  createRedisClient,
  redisOptionsOf,
  clusterOptionsOf,
  type RedisClientOptions,
} from '../redis/create-redis-client.util.js';
