import type { ConfigProblem } from '@herald/contracts';
import type { SesWebhookOptions } from '../webhooks-options.interface.js';
import { SnsCertificateCache } from './sns-certificate.cache.js';

/** Hosts SNS signing certificates and subscription URLs may come from, unless configured. */
export const DEFAULT_SNS_HOST_PATTERN = /^sns\.[a-z0-9-]+\.amazonaws\.com(\.cn)?$/;
/** Default age past which a signed SNS message is refused, in seconds. */
export const DEFAULT_SES_TOLERANCE_SECONDS = 900;

const TOPIC_ARN = /^arn:aws(-[a-z]+)*:sns:[a-z0-9-]+:\d{12}:[A-Za-z0-9_-]{1,256}(\.fifo)?$/;

/** The validated `ses` options of `NotificationWebhooksModule`. */
export class SesWebhookSettings {
  private constructor(
    readonly topicArns: ReadonlySet<string>,
    readonly hostPattern: RegExp,
    readonly toleranceMs: number,
    readonly confirmSubscriptions: boolean,
    readonly certificates: SnsCertificateCache,
    readonly extraCa?: string,
  ) {}

  /** Whether `url` is https on an allowed host (signing certificates, subscription URLs). */
  allowedUrl(value: string): URL | undefined {
    let url: URL;
    try {
      url = new URL(value);
    } catch {
      return undefined;
    }
    if (url.protocol !== 'https:' || url.username || url.password) return undefined;
    return this.hostPattern.test(url.hostname) ? url : undefined;
  }

  /** The settings, or the problems of `options` (each as `ses.<key>: ...`). */
  static from(options: SesWebhookOptions): SesWebhookSettings | ConfigProblem[] {
    const problems: ConfigProblem[] = [];
    const arns = typeof options.topicArns === 'string' ? [options.topicArns] : options.topicArns;
    if (
      !Array.isArray(arns) ||
      arns.length === 0 ||
      arns.some((arn) => typeof arn !== 'string' || !TOPIC_ARN.test(arn))
    )
      problems.push({
        path: 'ses.topicArns',
        message:
          'must be the ARN of the SNS topic (or a list of them) the SES events are published to, e.g. arn:aws:sns:us-east-1:123456789012:ses-events',
      });
    let hostPattern = DEFAULT_SNS_HOST_PATTERN;
    const pattern = options.certificateHostPattern;
    if (pattern instanceof RegExp) hostPattern = pattern;
    else if (typeof pattern === 'string') {
      try {
        hostPattern = new RegExp(pattern);
      } catch {
        problems.push({
          path: 'ses.certificateHostPattern',
          message: `must be a regular expression over host names (got ${JSON.stringify(pattern)})`,
        });
      }
    } else if (pattern !== undefined)
      problems.push({
        path: 'ses.certificateHostPattern',
        message: 'must be a RegExp or a regular expression string over host names',
      });
    const tolerance = options.toleranceSeconds ?? DEFAULT_SES_TOLERANCE_SECONDS;
    if (!(typeof tolerance === 'number' && tolerance > 0 && Number.isFinite(tolerance)))
      problems.push({
        path: 'ses.toleranceSeconds',
        message: `must be a positive number of seconds (got ${JSON.stringify(tolerance)})`,
      });
    const confirm = options.confirmSubscriptions ?? true;
    if (typeof confirm !== 'boolean')
      problems.push({
        path: 'ses.confirmSubscriptions',
        message: `must be true or false (got ${JSON.stringify(confirm)})`,
      });
    const ca = options.trustedCa;
    if (ca !== undefined && !(typeof ca === 'string' && ca.includes('-----BEGIN CERTIFICATE-----')))
      problems.push({
        path: 'ses.trustedCa',
        message: 'must be PEM certificates (-----BEGIN CERTIFICATE-----)',
      });
    if (problems.length > 0) return problems;
    return new SesWebhookSettings(
      new Set(arns as readonly string[]),
      hostPattern,
      tolerance * 1000,
      confirm,
      new SnsCertificateCache(ca),
      ca,
    );
  }
}
