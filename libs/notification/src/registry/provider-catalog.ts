import { discordCapabilities } from '../chat/drivers/discord/discord.capabilities.js';
import { slackApiCapabilities } from '../chat/drivers/slack/slack-api.capabilities.js';
import { slackWebhookCapabilities } from '../chat/drivers/slack/slack-webhook.capabilities.js';
import { teamsCapabilities } from '../chat/drivers/teams/teams.capabilities.js';
import { telegramCapabilities } from '../chat/drivers/telegram/telegram.capabilities.js';
import { mailgunCapabilities } from '../mailer/drivers/mailgun/mailgun.capabilities.js';
import { postmarkCapabilities } from '../mailer/drivers/postmark/postmark.capabilities.js';
import { resendCapabilities } from '../mailer/drivers/resend/resend.capabilities.js';
import { sendgridCapabilities } from '../mailer/drivers/sendgrid/sendgrid.capabilities.js';
import { sesCapabilities } from '../mailer/drivers/ses/ses.capabilities.js';
import { smtpCapabilities } from '../mailer/drivers/smtp/smtp.capabilities.js';
import { outgoingWebhookCapabilities } from '../notifier/webhooks/webhook.capabilities.js';
import { apnsCapabilities } from '../push/drivers/apns/apns.capabilities.js';
import { fcmCapabilities } from '../push/drivers/fcm/fcm.capabilities.js';
import { webPushCapabilities } from '../push/drivers/webpush/webpush.capabilities.js';
import { vonageCapabilities } from '../sms/drivers/vonage/vonage.capabilities.js';
import { twilioCapabilities } from '../sms/drivers/twilio/twilio.capabilities.js';
import { whatsappTwilioCapabilities } from '../whatsapp/twilio-whatsapp.capabilities.js';
import type { ProviderCapabilities } from './provider-capabilities.js';

/**
 * Every provider driver's own declaration (its `<driver>.capabilities.ts`
 * beside the driver), in the order of the table in
 * docs/channels.md (by channel, then driver). The `log` drivers send
 * nothing and are not listed.
 */
export const PROVIDER_CATALOG: readonly ProviderCapabilities[] = [
  twilioCapabilities,
  vonageCapabilities,
  whatsappTwilioCapabilities,
  smtpCapabilities,
  sendgridCapabilities,
  sesCapabilities,
  postmarkCapabilities,
  mailgunCapabilities,
  resendCapabilities,
  apnsCapabilities,
  fcmCapabilities,
  webPushCapabilities,
  slackWebhookCapabilities,
  slackApiCapabilities,
  teamsCapabilities,
  discordCapabilities,
  telegramCapabilities,
  outgoingWebhookCapabilities,
];

const CHANNEL_LABELS: Record<ProviderCapabilities['channel'], string> = {
  sms: 'SMS',
  whatsapp: 'WhatsApp',
  mail: 'email',
  push: 'push',
  chat: 'chat',
  webhook: 'webhook',
};

const cell = (text: string | null, none: string): string =>
  (text ?? none).replace(/\|/g, '\\|').replace(/\s*\n\s*/g, ' ');

/**
 * The provider × capability table as Markdown: one row per declaration.
 * `scripts/provider-table.js` writes it into docs/channels.md and a test
 * checks that the two are equal.
 */
export function renderProviderTable(
  catalog: readonly ProviderCapabilities[] = PROVIDER_CATALOG,
): string {
  const rows = catalog.map((entry) =>
    [
      CHANNEL_LABELS[entry.channel],
      `\`${entry.driver}\``,
      cell(entry.provider, ''),
      cell(entry.send, ''),
      cell(entry.batch, 'no: one request per message'),
      cell(entry.feedbackWebhook, 'none'),
      cell(entry.signature, '—'),
      cell(entry.suppressionSources.length ? entry.suppressionSources.join('; ') : null, 'none'),
      cell(entry.rateLimit, ''),
    ].join(' | '),
  );
  return [
    '| channel | `driver` | provider | send | batch | feedback webhook | signature | suppression sources | rate limit |',
    '|---|---|---|---|---|---|---|---|---|',
    ...rows.map((row) => `| ${row} |`),
  ].join('\n');
}
