import type { ConfigProblem } from '../../errors/herald-config.error.js';
import { ConfigSection } from '../schema/config-section.js';
import { Field } from '../schema/config-field.decorator.js';

/** E.164: a plus sign, then 2 to 15 digits, no leading zero. */
export const E164_PATTERN = /^\+[1-9]\d{1,14}$/;

/** Settings of the `twilio` SMS driver (the `twilio` object of an `sms_backends` entry). */
export class TwilioDriverConfig extends ConfigSection {
  @Field.string({ nonEmpty: true, doc: 'Twilio Account SID (AC...)' }) accountSid!: string;
  @Field.string({ nonEmpty: true, secret: true, doc: 'Twilio auth token' }) authToken!: string;
  @Field.string({
    pattern: E164_PATTERN,
    patternMessage: 'must be a phone number in E.164 form, e.g. +15005550006',
    doc: 'Sender number (E.164)',
  })
  fromNumber!: string;
  @Field.string({
    optional: true,
    doc: 'Messaging Service SID, used instead of from_number when set',
  })
  messagingServiceSid?: string;
  @Field.string({
    default: 'https://api.twilio.com',
    doc: 'API base URL (point it at a fake server in tests)',
  })
  baseUrl!: string;
  @Field.number({ min: 0.1, default: 10, doc: 'Request timeout in seconds' }) timeout!: number;
  @Field.string({
    optional: true,
    pattern: /^https?:\/\/\S+$/,
    patternMessage: 'must be an http(s) URL, e.g. https://api.example.com/webhooks/twilio/status',
    doc: 'Public URL of the status-callback webhook, sent as StatusCallback with each message',
  })
  statusCallbackUrl?: string;
}

/** How Vonage signs: `md5hash` (MD5 of the parameters and the secret) or an HMAC with the named hash. */
export const VONAGE_SIGNATURE_METHODS = ['md5hash', 'md5', 'sha1', 'sha256', 'sha512'] as const;
export type VonageSignatureMethod = (typeof VONAGE_SIGNATURE_METHODS)[number];

/** Settings of the `vonage` SMS driver (the `vonage` object of an `sms_backends` entry). */
export class VonageDriverConfig extends ConfigSection {
  @Field.string({ nonEmpty: true, doc: 'Vonage API key' }) apiKey!: string;
  @Field.string({
    optional: true,
    secret: true,
    doc: 'Vonage API secret (or sign requests with signature_secret instead)',
  })
  apiSecret?: string;
  @Field.string({
    optional: true,
    secret: true,
    doc: 'Signature secret: when set, requests are signed (sig) instead of carrying api_secret',
  })
  signatureSecret?: string;
  @Field.enum(VONAGE_SIGNATURE_METHODS, {
    default: 'sha256',
    doc: "Signature method of the account's signature secret",
  })
  signatureMethod!: VonageSignatureMethod;
  @Field.string({
    pattern: /^(\+?[1-9]\d{1,14}|[A-Za-z0-9 ]{1,11})$/,
    patternMessage:
      'must be a phone number in E.164 form (e.g. +447700900000) or an alphanumeric sender id of at most 11 characters',
    doc: 'Sender: a number (E.164) or an alphanumeric sender id',
  })
  from!: string;
  @Field.string({
    default: 'https://rest.nexmo.com',
    doc: 'API base URL (point it at a fake server in tests)',
  })
  baseUrl!: string;
  @Field.number({ min: 0.1, default: 10, doc: 'Request timeout in seconds' }) timeout!: number;
  @Field.string({
    optional: true,
    pattern: /^https?:\/\/\S+$/,
    patternMessage: 'must be an http(s) URL, e.g. https://api.example.com/webhooks/vonage/dlr',
    doc: 'Public URL of the delivery-receipt webhook, sent as callback with each message',
  })
  statusCallbackUrl?: string;

  /** One way to authenticate is required. */
  protected override crossCheck(): ConfigProblem[] {
    if (this.apiSecret || this.signatureSecret) return [];
    return [
      {
        path: 'api_secret',
        message:
          'is required unless signature_secret is set: give the API secret, or the signature secret to sign requests',
      },
    ];
  }
}

/** Settings of the `fcm` push driver: FCM HTTP v1 with a service account. */
export class FcmDriverConfig extends ConfigSection {
  @Field.string({ optional: true, doc: "Firebase project id (defaults to the service account's)" })
  projectId?: string;
  @Field.string({ optional: true, doc: 'Service account client_email' }) clientEmail?: string;
  @Field.string({ optional: true, secret: true, doc: 'Service account private_key (PEM)' })
  privateKey?: string;
  @Field.string({
    optional: true,
    doc: 'Path of a service-account JSON file, instead of the three fields above',
  })
  serviceAccountFile?: string;
  @Field.string({ default: 'https://oauth2.googleapis.com/token', doc: 'OAuth2 token endpoint' })
  tokenUri!: string;
  @Field.string({ default: 'https://fcm.googleapis.com', doc: 'FCM API base URL' })
  baseUrl!: string;
  /** The legacy FCM `server_key` (an API shut down in 2024); accepted only to reject it with a clear message. */
  @Field.string({
    optional: true,
    secret: true,
    doc: 'Legacy FCM server key: rejected, use a service account',
  })
  serverKey?: string;
  @Field.number({ min: 0.1, default: 10, doc: 'Request timeout in seconds' }) timeout!: number;

  /** Without the legacy key (reported by NotificationConfig), a service account is required. */
  protected override crossCheck(): ConfigProblem[] {
    if (this.serverKey || this.serviceAccountFile) return [];
    const missing = (['projectId', 'clientEmail', 'privateKey'] as const).filter((k) => !this[k]);
    return missing.map((k) => ({
      path: k.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`),
      message:
        'is required for the FCM HTTP v1 API: set project_id, client_email and private_key from the service account, or service_account_file',
    }));
  }
}

/** Settings of the `apns` push driver: HTTP/2 with token (ES256 JWT) auth. */
export class ApnsDriverConfig extends ConfigSection {
  @Field.string({ nonEmpty: true, doc: 'Apple Developer team id' }) teamId!: string;
  @Field.string({ nonEmpty: true, doc: 'Id of the APNs auth key (.p8)' }) keyId!: string;
  @Field.string({ nonEmpty: true, secret: true, doc: 'Contents of the .p8 key (PEM)' })
  privateKey!: string;
  @Field.string({ nonEmpty: true, doc: 'App bundle id, sent as apns-topic' }) bundleId!: string;
  @Field.boolean({ default: false, doc: 'Use the production APNs host instead of the sandbox' })
  production!: boolean;
  @Field.string({ optional: true, doc: 'Override of the APNs origin (tests)' }) baseUrl?: string;
  @Field.string({
    optional: true,
    doc: 'Extra CA certificate (PEM) trusted for the APNs connection (tests)',
  })
  ca?: string;
  @Field.number({ min: 0.1, default: 10, doc: 'Request timeout in seconds' }) timeout!: number;
}

/** Settings of the `webpush` driver: RFC 8030/8291/8292. */
export class WebPushDriverConfig extends ConfigSection {
  @Field.string({ nonEmpty: true, doc: 'VAPID public key (base64url)' }) vapidPublicKey!: string;
  @Field.string({ nonEmpty: true, secret: true, doc: 'VAPID private key (base64url)' })
  vapidPrivateKey!: string;
  @Field.string({
    pattern: /^(mailto:|https:)/,
    patternMessage: 'must be a mailto: or https: URL identifying the sender',
    doc: 'VAPID subject',
  })
  subject!: string;
  @Field.number({ min: 0.1, default: 10, doc: 'Request timeout in seconds' }) timeout!: number;
}

/** Settings of the `sendgrid` mail driver (v3 mail send). */
export class SendgridDriverConfig extends ConfigSection {
  @Field.string({ nonEmpty: true, secret: true, doc: 'SendGrid API key' }) apiKey!: string;
  @Field.string({ default: 'https://api.sendgrid.com', doc: 'API base URL' }) baseUrl!: string;
  @Field.boolean({ default: false, doc: 'Validate without delivering' }) sandboxMode!: boolean;
  @Field.number({ min: 0.1, default: 10, doc: 'Request timeout in seconds' }) timeout!: number;
}

/**
 * Settings of the `ses` mail driver: Amazon SES v2 `SendEmail`, signed with
 * AWS Signature Version 4.
 */
export class SesDriverConfig extends ConfigSection {
  @Field.string({
    pattern: /^[a-z]{2}(-[a-z]+)+-\d+$/,
    patternMessage: 'must be an AWS region such as us-east-1 or eu-west-2',
    doc: 'AWS region of the SES endpoint (us-east-1, eu-west-1, ...)',
  })
  region!: string;
  @Field.string({
    pattern: /^[A-Z0-9]{16,128}$/,
    patternMessage: 'must be an AWS access key id (AKIA... or ASIA..., capital letters and digits)',
    doc: 'AWS access key id',
  })
  accessKeyId!: string;
  @Field.string({ nonEmpty: true, secret: true, doc: 'AWS secret access key' })
  secretAccessKey!: string;
  @Field.string({
    optional: true,
    secret: true,
    doc: 'AWS session token (temporary credentials, ASIA... keys)',
  })
  sessionToken?: string;
  @Field.url({
    optional: true,
    protocols: ['https:', 'http:'] as const,
    example: 'https://email.us-east-1.amazonaws.com',
    doc: 'Endpoint override (a fake server in tests); default https://email.<region>.amazonaws.com',
  })
  endpoint?: string;
  @Field.string({
    optional: true,
    pattern: /^[A-Za-z0-9_-]{1,64}$/,
    patternMessage: 'must be an SES configuration set name (1 to 64 letters, digits, _ or -)',
    doc: 'Configuration set whose event destination publishes bounces, complaints and deliveries to SNS',
  })
  configurationSetName?: string;
  @Field.number({ min: 0.1, default: 10, doc: 'Request timeout in seconds' }) timeout!: number;
}

/** Settings of the `smtp` mail driver (the `smtp` object of a `mailer.backends` entry). */
export class SMTPDriverConfig extends ConfigSection {
  @Field.string({ nonEmpty: true, default: 'localhost', doc: 'SMTP host' }) host!: string;
  @Field.integer({ min: 1, max: 65535, default: 587, doc: 'SMTP port' }) port!: number;
  @Field.boolean({
    default: false,
    doc: 'Implicit TLS (port 465); false upgrades with STARTTLS when offered',
  })
  secure!: boolean;
  @Field.boolean({ default: false, doc: 'Refuse to send unless STARTTLS succeeds' })
  requireTls!: boolean;
  @Field.string({ optional: true, doc: 'AUTH user name' }) username?: string;
  @Field.string({ optional: true, secret: true, doc: 'AUTH password' }) password?: string;
  @Field.boolean({ default: true, doc: 'Keep a pool of connections' }) pool!: boolean;
  @Field.integer({ min: 1, default: 5, doc: 'Pool size' }) maxConnections!: number;
  @Field.boolean({ default: true, doc: 'Verify the server certificate' })
  tlsRejectUnauthorized!: boolean;
  @Field.number({ min: 0.1, default: 30, doc: 'Connection and greeting timeout in seconds' })
  timeout!: number;
}

const HTTP_URL = ['https:', 'http:'] as const;

/**
 * Settings of the `slack` chat driver: an incoming webhook (`webhook_url`) or
 * the Web API `chat.postMessage` with a bot token (`bot_token`), not both.
 */
export class SlackDriverConfig extends ConfigSection {
  @Field.url({
    optional: true,
    secret: true,
    protocols: HTTP_URL,
    example: 'https://hooks.slack.com/services/T000/B000/XXXX',
    doc: 'Incoming webhook URL (it alone lets anyone post)',
  })
  webhookUrl?: string;
  @Field.string({
    optional: true,
    secret: true,
    pattern: /^xox[bp]-\S+$/,
    patternMessage: 'must be a bot token starting with xoxb- (or a user token, xoxp-)',
    doc: 'Bot token for the Web API chat.postMessage',
  })
  botToken?: string;
  @Field.string({
    optional: true,
    doc: 'Channel used when a message has no "to" (Web API only)',
  })
  defaultChannel?: string;
  @Field.url({
    default: 'https://slack.com/api',
    protocols: HTTP_URL,
    example: 'https://slack.com/api',
    doc: 'Web API base URL (point it at a fake server in tests)',
  })
  baseUrl!: string;
  @Field.number({
    min: 0,
    max: 60,
    default: 1,
    doc: 'Seconds between two messages to the same channel (Slack allows about 1 per second)',
  })
  channelInterval!: number;
  @Field.number({ min: 0.1, default: 10, doc: 'Request timeout in seconds' }) timeout!: number;

  protected override crossCheck(): ConfigProblem[] {
    if (Boolean(this.webhookUrl) === Boolean(this.botToken)) {
      return [
        {
          path: this.webhookUrl ? 'bot_token' : 'webhook_url',
          message:
            'set exactly one of webhook_url (incoming webhook) and bot_token (Web API chat.postMessage)',
        },
      ];
    }
    return [];
  }
}

/** Settings of the `teams` chat driver: a Microsoft Teams Workflows webhook (Adaptive Cards). */
export class TeamsDriverConfig extends ConfigSection {
  @Field.url({
    secret: true,
    protocols: HTTP_URL,
    example:
      'https://prod-00.westus.logic.azure.com/workflows/.../triggers/manual/paths/invoke?...',
    doc: 'Workflows ("When a Teams webhook request is received") URL',
  })
  webhookUrl!: string;
  @Field.number({ min: 0.1, default: 10, doc: 'Request timeout in seconds' }) timeout!: number;
}

/** Settings of the `discord` chat driver: a Discord webhook with embeds. */
export class DiscordDriverConfig extends ConfigSection {
  @Field.url({
    secret: true,
    protocols: HTTP_URL,
    example: 'https://discord.com/api/webhooks/123/abc',
    doc: 'Webhook URL (holds the webhook token)',
  })
  webhookUrl!: string;
  @Field.string({ optional: true, doc: 'Display name overriding the webhook default' })
  username?: string;
  @Field.boolean({
    default: false,
    doc: 'Let message text ping users and roles; @everyone and @here are never pinged',
  })
  allowMentions!: boolean;
  @Field.number({ min: 0.1, default: 10, doc: 'Request timeout in seconds' }) timeout!: number;
}

/** Settings of the `telegram` chat driver: the Bot API `sendMessage`. */
export class TelegramDriverConfig extends ConfigSection {
  @Field.string({
    secret: true,
    pattern: /^\d+:[\w-]+$/,
    patternMessage: 'must be a bot token as BotFather gives it, e.g. 123456:ABC-DEF...',
    doc: 'Bot token',
  })
  botToken!: string;
  @Field.enum(['HTML', 'MarkdownV2'] as const, {
    default: 'HTML',
    doc: 'parse_mode Herald escapes the text for: HTML or MarkdownV2',
  })
  parseMode!: 'HTML' | 'MarkdownV2';
  @Field.string({ optional: true, doc: 'Chat id used when a message has no "to"' })
  defaultChatId?: string;
  @Field.url({
    default: 'https://api.telegram.org',
    protocols: HTTP_URL,
    example: 'https://api.telegram.org',
    doc: 'Bot API base URL (point it at a fake server in tests)',
  })
  baseUrl!: string;
  @Field.number({ min: 0.1, default: 10, doc: 'Request timeout in seconds' }) timeout!: number;
}
