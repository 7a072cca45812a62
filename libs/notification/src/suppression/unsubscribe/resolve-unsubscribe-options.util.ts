import { HeraldConfigError } from '@herald/contracts';
import { describeUrl } from '@herald/contracts/internal';
import type {
  ResolvedUnsubscribeOptions,
  UnsubscribeOptions,
} from './unsubscribe-options.interface.js';

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

/** The unsubscribe options with defaults, or a `HeraldConfigError` listing every problem (never the secret). */
export function resolveUnsubscribeOptions(
  options: UnsubscribeOptions,
  path = 'SuppressionModule.unsubscribe',
): ResolvedUnsubscribeOptions {
  const problems: Array<{ path: string; message: string }> = [];
  if (typeof options.secret !== 'string' || options.secret.length < 32)
    problems.push({
      path: `${path}.secret`,
      message: 'must be a string of at least 32 characters',
    });
  let url: URL | undefined;
  try {
    // WHATWG URL would accept a list (stringified) and spaces in the userinfo
    if (typeof options.url === 'string' && !/\s/.test(options.url)) url = new URL(options.url);
  } catch {
    url = undefined;
  }
  if (!url)
    problems.push({
      path: `${path}.url`,
      message: `must be an absolute URL such as https://app.example.com/unsubscribe (got ${describeUrl(options.url)})`,
    });
  if (url && url.protocol !== 'https:' && !(url.protocol === 'http:' && LOOPBACK.has(url.hostname)))
    problems.push({
      path: `${path}.url`,
      message: `must be https:// (http:// only for localhost and loopback) (got ${describeUrl(options.url)})`,
    });
  // the link goes into every mail: credentials in it would be handed to each recipient
  if (url && (url.username || url.password))
    problems.push({
      path: `${path}.url`,
      message: `must not carry credentials (user:password@): the link is sent to every recipient (got ${describeUrl(options.url)})`,
    });
  const route = options.route ?? 'unsubscribe';
  if (typeof route !== 'string' || !/^\/?[\w\-/.]*$/.test(route))
    problems.push({
      path: `${path}.route`,
      message: `must be a URL path like "mail/unsubscribe" (got ${JSON.stringify(route)})`,
    });
  const ttlSeconds = options.ttlSeconds ?? 60 * 24 * 3600;
  if (!Number.isInteger(ttlSeconds) || ttlSeconds < 60)
    problems.push({
      path: `${path}.ttlSeconds`,
      message: `must be an integer of at least 60 (got ${JSON.stringify(ttlSeconds)})`,
    });
  const transactionalCategories = options.transactionalCategories ?? ['transactional', 'security'];
  if (
    !Array.isArray(transactionalCategories) ||
    transactionalCategories.some((c) => typeof c !== 'string')
  )
    problems.push({
      path: `${path}.transactionalCategories`,
      message: 'must be an array of category names',
    });
  if (problems.length > 0) throw new HeraldConfigError(problems, 'SuppressionModule cannot start');
  return { secret: options.secret, url: options.url, route, ttlSeconds, transactionalCategories };
}
