import type {
  FakeApnsServer,
  FakeDiscordServer,
  FakeFcmServer,
  FakeSlackServer,
  FakeTeamsServer,
  FakeTelegramServer,
  FakeSendgridServer,
  FakeTwilioServer,
} from '@herald/notification/testing';

/** Backend entries (snake_case, as in YAML) pointing at the test kit's fake provider servers. */

/** SMS backend `twilio` (primary). */
export function twilioBackend(twilio: FakeTwilioServer) {
  return {
    name: 'twilio',
    primary: true,
    driver: 'twilio',
    twilio: {
      account_sid: twilio.accountSid,
      auth_token: twilio.authToken,
      from_number: '+15005550006',
      base_url: twilio.url,
    },
  };
}

/** Push backends `android` (FCM, primary), `ios` (APNs) and `web` (Web Push with `vapid`). */
export function pushBackends(
  fcm: FakeFcmServer,
  apns: FakeApnsServer,
  vapid: { publicKey: string; privateKey: string },
) {
  return [
    { name: 'android', primary: true, driver: 'fcm', fcm: fcm.driverConfig() },
    { name: 'ios', driver: 'apns', apns: apns.driverConfig() },
    {
      name: 'web',
      driver: 'webpush',
      webpush: {
        vapid_public_key: vapid.publicKey,
        vapid_private_key: vapid.privateKey,
        subject: 'mailto:ops@herald.test',
      },
    },
  ];
}

/** Mail backend `sendgrid`. */
export function sendgridBackend(sendgrid: FakeSendgridServer, primary = true) {
  return {
    name: 'sendgrid',
    primary,
    driver: 'sendgrid',
    from_email: 'noreply@herald.test',
    sendgrid: { api_key: sendgrid.apiKey, base_url: sendgrid.url },
  };
}

/** Chat backend `slack-hook` (Slack incoming webhook). */
export function slackWebhookBackend(slack: FakeSlackServer, primary = false) {
  return {
    name: 'slack-hook',
    primary,
    driver: 'slack',
    slack: { webhook_url: slack.webhookUrl, channel_interval: 0 },
  };
}

/** Chat backend `slack` (Slack Web API chat.postMessage). */
export function slackApiBackend(slack: FakeSlackServer, primary = true, fallbacks: string[] = []) {
  return {
    name: 'slack',
    primary,
    driver: 'slack',
    fallbacks,
    slack: { bot_token: slack.botToken, base_url: slack.apiUrl, channel_interval: 0 },
  };
}

/** Chat backend `discord`. */
export function discordBackend(discord: FakeDiscordServer, primary = false) {
  return {
    name: 'discord',
    primary,
    driver: 'discord',
    discord: { webhook_url: discord.webhookUrl },
  };
}

/** Chat backend `telegram` (`parse_mode` HTML unless told). */
export function telegramBackend(
  telegram: FakeTelegramServer,
  parseMode: 'HTML' | 'MarkdownV2' = 'HTML',
  name = 'telegram',
) {
  return {
    name,
    driver: 'telegram',
    telegram: { bot_token: telegram.botToken, base_url: telegram.url, parse_mode: parseMode },
  };
}

/** Chat backend `teams` (Workflows webhook). */
export function teamsBackend(teams: FakeTeamsServer) {
  return { name: 'teams', driver: 'teams', teams: { webhook_url: teams.webhookUrl } };
}
