/**
 * A valid Herald configuration (YAML tree) with a recognisable secret, `mark`, in every
 * secret field and in the credentials of its URL settings: what the secret-leak tests
 * (`config-secrets`, `fuzz-config`) load and break.
 */
export function plantedConfig(mark: string) {
  return {
    notification: {
      sms_backends: [
        {
          name: 'tw',
          primary: true,
          driver: 'twilio',
          twilio: {
            account_sid: 'AC123',
            auth_token: `${mark}-twilio-auth-token`,
            from_number: '+15005550006',
          },
        },
        // typed as the Twilio item so tests keep reading sms_backends[0].twilio without a guard
        {
          name: 'vg',
          driver: 'vonage',
          vonage: {
            api_key: `${mark}-vonage-api-key`,
            api_secret: `${mark}-vonage-api-secret`,
            signature_secret: `${mark}-vonage-signature-secret`,
            from: 'Herald',
          },
        } as unknown as {
          name: string;
          primary: boolean;
          driver: string;
          twilio: Record<string, string>;
        },
      ],
      push_backends: [
        {
          name: 'android',
          primary: true,
          driver: 'fcm',
          fcm: {
            project_id: 'herald-test',
            client_email: 'pusher@herald-test.iam.gserviceaccount.com',
            private_key: `-----BEGIN PRIVATE KEY-----\n${mark}-fcm-private-key\n-----END PRIVATE KEY-----\n`,
          },
        },
        {
          name: 'ios',
          driver: 'apns',
          apns: {
            team_id: 'TEAM',
            key_id: 'KEY',
            private_key: `-----BEGIN PRIVATE KEY-----\n${mark}-apns-p8-key\n-----END PRIVATE KEY-----\n`,
            bundle_id: 'dev.herald.app',
          },
        },
        {
          name: 'web',
          driver: 'webpush',
          webpush: {
            vapid_public_key: 'BPublicKey',
            vapid_private_key: `${mark}-vapid-private-key`,
            subject: 'mailto:ops@herald.test',
          },
        },
      ],
      chat_backends: [
        {
          name: 'slack-hook',
          primary: true,
          driver: 'slack',
          slack: { webhook_url: `https://hooks.slack.com/services/T0/B0/${mark}-slack-hook` },
        },
        { name: 'slack-api', driver: 'slack', slack: { bot_token: `xoxb-${mark}-slack-bot` } },
        {
          name: 'teams',
          driver: 'teams',
          teams: {
            webhook_url: `https://prod-1.westus.logic.azure.com/workflows/1/triggers/manual/paths/invoke?sig=${mark}-teams-sig`,
          },
        },
        {
          name: 'discord',
          driver: 'discord',
          discord: { webhook_url: `https://discord.com/api/webhooks/1/${mark}-discord-token` },
        },
        { name: 'tg', driver: 'telegram', telegram: { bot_token: `12345:${mark}-telegram-bot` } },
      ],
      mailer: {
        backends: [
          {
            name: 'smtp',
            primary: true,
            driver: 'smtp',
            from_email: 'noreply@herald.test',
            smtp: { host: '127.0.0.1', username: 'mailer', password: `${mark}-smtp-password` },
          },
          {
            name: 'sg',
            driver: 'sendgrid',
            from_email: 'noreply@herald.test',
            sendgrid: { api_key: `${mark}-sendgrid-api-key` },
          },
          {
            name: 'pm',
            driver: 'postmark',
            from_email: 'noreply@herald.test',
            postmark: { server_token: `${mark}-postmark-server-token` },
          },
          {
            name: 'mg',
            driver: 'mailgun',
            from_email: 'noreply@herald.test',
            mailgun: { api_key: `${mark}-mailgun-api-key`, domain: 'mg.herald.test' },
          },
          {
            name: 'rs',
            driver: 'resend',
            from_email: 'noreply@herald.test',
            resend: { api_key: `re_${mark}-resend-api-key` },
          },
          {
            name: 'ses',
            driver: 'ses',
            from_email: 'noreply@herald.test',
            ses: {
              region: 'eu-west-1',
              access_key_id: 'AKIAIOSFODNN7EXAMPLE',
              secret_access_key: `${mark}-ses-secret-access-key`,
              session_token: `${mark}-ses-session-token`,
            },
          },
        ],
      },
      delivery: { redis_url: `redis://:${mark}-redis-password@127.0.0.1:6379` },
      inbox: { token_secret: `${mark}-inbox-token-secret-of-32-characters` },
    },
    monitor: {
      health: { auth_token: `${mark}-health-bearer-token` },
      error_tracking: { dsn: `https://${mark}dsnkey@o1.ingest.example.io/42` },
      opentelemetry: { headers: { authorization: `Bearer ${mark}-otlp-token` } },
      prometheus: {
        auth_token: `${mark}-scrape-bearer-token`,
        pushgateway_url: `https://gw:${mark}-pushgateway-password@push.example.io`,
      },
      slo: {
        slack_webhook_url: `https://hooks.slack.com/services/T1/B1/${mark}-slack-alerts`,
        teams_webhook_url: `https://prod-2.westus.logic.azure.com/workflows/2/invoke?sig=${mark}-teams-alerts`,
        pagerduty_routing_key: `${mark}0123456789abcdefghijKLMN`,
        alertmanager_url: `https://am:${mark}%2Fslash@alertmanager.example/?token=${mark}-am-query`,
      },
    },
  };
}
