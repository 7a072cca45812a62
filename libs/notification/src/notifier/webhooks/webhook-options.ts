import type { ConfigProblem } from '@herald/contracts';

/** `NotifierModule` option `webhooks`: the outgoing-webhook channel. */
export interface WebhookChannelOptions {
  /**
   * Allow endpoints on loopback, private, link-local and reserved addresses
   * (`127.0.0.1`, `10.x`, `192.168.x`, `localhost`, names resolving there).
   * Off, such URLs are refused at registration and such addresses when
   * connecting (SSRF). Turn it on for development and tests only. @default false
   */
  allowPrivateTargets?: boolean;
  /** Deliveries failing in a row that disable an endpoint. @default 5 */
  failureThreshold?: number;
  /** How long one request may take. @default 10000 */
  timeoutMs?: number;
  /** How long the old secret still signs after `rotateSecret()`. @default 86400000 (24 h) */
  rotationGraceMs?: number;
}

export type ResolvedWebhookOptions = Required<WebhookChannelOptions>;

export const WEBHOOK_DEFAULTS: ResolvedWebhookOptions = {
  allowPrivateTargets: false,
  failureThreshold: 5,
  timeoutMs: 10_000,
  rotationGraceMs: 86_400_000,
};

/** The `webhooks` option checked (problems pushed) and completed. */
export function resolveWebhookOptions(
  value: unknown,
  problems: ConfigProblem[],
): ResolvedWebhookOptions {
  if (value === undefined) return WEBHOOK_DEFAULTS;
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    problems.push({
      path: 'webhooks',
      message: `must be an object of webhook options (got ${value === null ? 'null' : Array.isArray(value) ? 'an array' : typeof value})`,
    });
    return WEBHOOK_DEFAULTS;
  }
  const given = value as WebhookChannelOptions;
  if (given.allowPrivateTargets !== undefined && typeof given.allowPrivateTargets !== 'boolean')
    problems.push({
      path: 'webhooks.allowPrivateTargets',
      message: `must be true or false (got ${JSON.stringify(given.allowPrivateTargets)})`,
    });
  const ranges: Array<[keyof WebhookChannelOptions, number, number]> = [
    ['failureThreshold', 1, 1000],
    ['timeoutMs', 100, 300_000],
    ['rotationGraceMs', 0, 30 * 86_400_000],
  ];
  for (const [key, min, max] of ranges) {
    const n = given[key];
    if (n !== undefined && (!Number.isInteger(n) || (n as number) < min || (n as number) > max))
      problems.push({
        path: `webhooks.${key}`,
        message: `must be an integer from ${min} to ${max} (got ${JSON.stringify(n)})`,
      });
  }
  return { ...WEBHOOK_DEFAULTS, ...given };
}
