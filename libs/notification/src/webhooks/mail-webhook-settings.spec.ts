import type { ConfigProblem } from '@herald/contracts';
import { generateWebhookSecret } from '../notifier/webhooks/webhook-signature.util.js';
import { mailWebhookSettings } from './mail-webhook-settings.js';

describe('mailWebhookSettings', () => {
  const check = (options: object) => {
    const problems: ConfigProblem[] = [];
    const settings = mailWebhookSettings(options as never, problems);
    return { settings, problems };
  };

  it('reads valid Postmark, Mailgun and Resend options', () => {
    const secret = generateWebhookSecret();
    const { settings, problems } = check({
      postmark: { username: 'pm', password: 'pw' },
      mailgun: { signingKey: 'key', toleranceSeconds: 60 },
      resend: { secret: [secret, generateWebhookSecret()] },
    });
    expect(problems).toEqual([]);
    expect(settings.postmark?.username.toString()).toBe('pm');
    expect(settings.mailgunToleranceMs).toBe(60_000);
    expect(settings.resendToleranceMs).toBe(300_000);
    expect(settings.resendKeys).toHaveLength(2);
  });

  it('lists every problem by path without quoting a secret', () => {
    const { problems } = check({
      postmark: { username: 'a:b', password: '' },
      mailgun: { signingKey: ' ', toleranceSeconds: -1 },
      resend: { secret: 'not-a-whsec-secret' },
    });
    expect(problems.map((p) => p.path)).toEqual([
      'mailgun.toleranceSeconds',
      'postmark.username',
      'postmark.password',
      'mailgun.signingKey',
      'resend.secret',
    ]);
    expect(JSON.stringify(problems)).not.toContain('not-a-whsec-secret');
  });
});
