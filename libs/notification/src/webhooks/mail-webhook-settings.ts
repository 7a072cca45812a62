import type { ConfigProblem } from '@herald/contracts';
import {
  webhookSecretKey,
  webhookSecretProblem,
} from '../notifier/webhooks/webhook-signature.util.js';
import type { NotificationWebhooksOptions } from './webhooks-options.interface.js';

/** Default replay window of signed Mailgun and Resend events, in seconds. */
export const DEFAULT_MAIL_WEBHOOK_TOLERANCE_SECONDS = 300;

/** The Postmark, Mailgun and Resend webhook options, checked: secrets as key bytes. */
export interface MailWebhookSettings {
  postmark?: { username: Buffer; password: Buffer };
  mailgunKey?: Buffer;
  mailgunToleranceMs: number;
  resendKeys?: readonly Buffer[];
  resendToleranceMs: number;
}

/** Reads and checks the mail providers' webhook options, adding every problem to `problems` (secrets never quoted). */
export function mailWebhookSettings(
  options: NotificationWebhooksOptions | undefined,
  problems: ConfigProblem[],
): MailWebhookSettings {
  const { postmark, mailgun, resend } = options ?? {};
  const settings: MailWebhookSettings = {
    mailgunToleranceMs: tolerance(mailgun?.toleranceSeconds, 'mailgun', problems),
    resendToleranceMs: tolerance(resend?.toleranceSeconds, 'resend', problems),
  };
  if (postmark) {
    const { username, password } = postmark;
    if (typeof username !== 'string' || !username || username.includes(':'))
      problems.push({
        path: 'postmark.username',
        message: 'must be a non-empty string without ":" (the Basic auth user in the webhook URL)',
      });
    if (typeof password !== 'string' || !password)
      problems.push({
        path: 'postmark.password',
        message:
          'must be a non-empty string (the Basic auth password in the webhook URL; not shown)',
      });
    if (typeof username === 'string' && typeof password === 'string')
      settings.postmark = { username: Buffer.from(username), password: Buffer.from(password) };
  }
  if (mailgun) {
    if (typeof mailgun.signingKey !== 'string' || mailgun.signingKey.trim() === '')
      problems.push({
        path: 'mailgun.signingKey',
        message:
          'must be the HTTP webhook signing key from Mailgun (a non-empty string; not shown)',
      });
    else settings.mailgunKey = Buffer.from(mailgun.signingKey.trim());
  }
  if (resend) {
    const secrets = typeof resend.secret === 'string' ? [resend.secret] : resend.secret;
    const problem =
      !Array.isArray(secrets) || secrets.length === 0
        ? 'must be the whsec_ signing secret (or a list of them while rotating)'
        : secrets.map(webhookSecretProblem).find(Boolean);
    if (problem) problems.push({ path: 'resend.secret', message: problem });
    else settings.resendKeys = (secrets as string[]).map(webhookSecretKey);
  }
  return settings;
}

function tolerance(value: unknown, provider: string, problems: ConfigProblem[]): number {
  const seconds = value ?? DEFAULT_MAIL_WEBHOOK_TOLERANCE_SECONDS;
  if (!(typeof seconds === 'number' && seconds > 0 && Number.isFinite(seconds))) {
    problems.push({
      path: `${provider}.toleranceSeconds`,
      message: `must be a positive number of seconds (got ${JSON.stringify(seconds)})`,
    });
    return DEFAULT_MAIL_WEBHOOK_TOLERANCE_SECONDS * 1000;
  }
  return seconds * 1000;
}
