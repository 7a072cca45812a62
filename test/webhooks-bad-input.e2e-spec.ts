import { generateKeyPairSync } from 'node:crypto';
import {
  mailgunBody,
  postmarkHeaders,
  resendHeaders,
  ROUTES,
  SECRETS,
  sendgridHeaders,
  sesNotification,
  sesRequest,
  startDocsWebhooksApp,
  twilioSignatureFor,
  unsubscribeToken,
  vonageSignedParams,
  type DocsWebhooksApp,
} from './helpers/docs-webhooks-app.js';
import {
  expectSafeExchange,
  KeepAliveClient,
  OutputCapture,
  type RawRequest,
} from './helpers/fuzz.js';

/** One request to a webhook or unsubscribe route and the statuses it may get. */
interface WebhookCase {
  name: string;
  build: (ctx: DocsWebhooksApp) => RawRequest;
  expect: number | number[];
}

const FORM = 'application/x-www-form-urlencoded';
/** An RSA key SNS never had: a signature made with it is forged. */
const OTHER_RSA_KEY = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey;
const DAY = 24 * 3600;

/** A Twilio form to `path`, signed with the app's auth token (or `token`). */
function twilio(path: string, fields: Record<string, string>, token = SECRETS.twilioAuthToken) {
  const form = new URLSearchParams(fields);
  return {
    method: 'POST',
    path,
    headers: { 'content-type': FORM, 'x-twilio-signature': twilioSignatureFor(token, path, form) },
    body: form.toString(),
  };
}

/** A SendGrid batch, signed with the configured key. */
const sendgrid =
  (body: string | ((ctx: DocsWebhooksApp) => string), timestamp?: string) =>
  (ctx: DocsWebhooksApp): RawRequest => {
    const text = typeof body === 'string' ? body : body(ctx);
    return {
      method: 'POST',
      path: ROUTES.sendgridEvents,
      headers: sendgridHeaders(ctx.sendgridKey, text, timestamp),
      body: text,
    };
  };

const events = (ctx: DocsWebhooksApp, ...fields: object[]) =>
  JSON.stringify(
    fields.map((f, i) => ({
      event: 'delivered',
      email: 'reader0@example.com',
      timestamp: Math.floor(Date.now() / 1000),
      sg_event_id: `evt-${Date.now()}-${Math.random()}-${i}`,
      sg_message_id: `${ctx.sendgridIds[0]}.filter0001`,
      ...f,
    })),
  );

/** An SES event about the first mail sent through SES, with `detail` over its own object. */
const sesEvent = (ctx: DocsWebhooksApp, type: 'Bounce' | 'Delivery' = 'Bounce', detail = {}) =>
  ctx.ses.event(ctx.sesIds[0], type, detail);
/** A signed SNS notification whose `Message` is `message` (any text). */
const sesMessage = (ctx: DocsWebhooksApp, message: string) =>
  sesRequest(JSON.stringify(ctx.ses.snsMessage({ Type: 'Notification', Message: message })));
/** A Postmark event with the webhook's Basic auth. */
const postmark = (body: string) => (): RawRequest => ({
  method: 'POST',
  path: ROUTES.postmarkEvents,
  headers: postmarkHeaders(),
  body,
});

/** A Mailgun webhook around `eventData`, signed now. */
const mailgun = (eventData: unknown) => (): RawRequest => ({
  method: 'POST',
  path: ROUTES.mailgunEvents,
  headers: { 'content-type': 'application/json' },
  body: mailgunBody(eventData),
});

/** A Resend event, signed now with the app's secret. */
const resend = (body: string) => (): RawRequest => ({
  method: 'POST',
  path: ROUTES.resendEvents,
  headers: resendHeaders(body),
  body,
});

const SIX_MB = () => Buffer.alloc(6 * 1024 * 1024, 'a');
const now = () => String(Math.floor(Date.now() / 1000));
const mgDelivered = { event: 'delivered', message: { headers: { 'message-id': 'x@mg' } } };
const rsDelivered = JSON.stringify({ type: 'email.delivered', data: { email_id: 'x' } });
/** A Vonage DLR form (or JSON) signed with the app's signature secret (or `secret`, at `timestamp`). */
function vonage(
  fields: Record<string, string>,
  options: { secret?: string; timestamp?: string; json?: boolean } = {},
): RawRequest {
  const params = vonageSignedParams(fields, options.secret, options.timestamp);
  return {
    method: 'POST',
    path: ROUTES.vonageDlr,
    headers: { 'content-type': options.json ? 'application/json' : FORM },
    body: options.json ? JSON.stringify(Object.fromEntries(params)) : params.toString(),
  };
}

const inAWeek = () => Math.floor(Date.now() / 1000) + 7 * DAY;
const unsubscribe = (
  claim: { address?: unknown; category?: unknown; expiresAt?: unknown },
  body = 'List-Unsubscribe=One-Click',
  type = FORM,
) => ({
  method: 'POST',
  path: `${ROUTES.unsubscribe}?token=${unsubscribeToken({
    address: 'reader@example.com',
    category: 'newsletter',
    expiresAt: inAWeek(),
    ...claim,
  })}`,
  headers: { 'content-type': type },
  body,
});

const status = (ctx: DocsWebhooksApp, fields: Record<string, string>) =>
  twilio(ROUTES.twilioStatus, { MessageSid: ctx.twilioSids[0], To: '+15005550000', ...fields });

/** Unsigned, forged, replayed and oversized requests: refused before the payload is read. */
const UNSIGNED: WebhookCase[] = [
  {
    name: 'SES: an SNS message without Signature',
    build: (ctx) => sesNotification(ctx, sesEvent(ctx), { omitSignature: true }),
    expect: 403,
  },
  {
    name: 'SES: signed by another RSA key',
    build: (ctx) => sesNotification(ctx, sesEvent(ctx), { signWith: OTHER_RSA_KEY }),
    expect: 403,
  },
  {
    name: 'SES: SignatureVersion 1 claimed for a version 2 signature',
    build: (ctx) => {
      const message = ctx.ses.notificationMessage(sesEvent(ctx));
      return sesRequest(JSON.stringify({ ...message, SignatureVersion: '1' }));
    },
    expect: 403,
  },
  {
    name: 'SES: a message an hour old (replay)',
    build: (ctx) =>
      sesNotification(ctx, sesEvent(ctx), {
        timestamp: new Date(Date.now() - 3600_000).toISOString(),
      }),
    expect: 403,
  },
  {
    name: 'SES: a topic not configured',
    build: (ctx) =>
      sesNotification(ctx, sesEvent(ctx), {
        topicArn: 'arn:aws:sns:us-east-1:210987654321:other',
      }),
    expect: 403,
  },
  {
    name: 'SES: SigningCertURL on a host not allowed',
    build: (ctx) =>
      sesNotification(ctx, sesEvent(ctx), {
        signingCertUrl: 'https://sns.us-east-1.amazonaws.com.evil.example/cert.pem',
      }),
    expect: 403,
  },
  {
    name: 'SES: SigningCertURL with credentials and a file: URL',
    build: (ctx) =>
      sesNotification(ctx, sesEvent(ctx), { signingCertUrl: 'file:///etc/passwd.pem' }),
    expect: 403,
  },
  {
    name: 'SES: Timestamp that is not a time',
    build: (ctx) => sesNotification(ctx, sesEvent(ctx), { timestamp: 'yesterday' }),
    expect: 403,
  },
  {
    name: 'SES: 6 MB text/plain body',
    build: () => sesRequest('x'.repeat(6 * 1024 * 1024)),
    expect: 413,
  },
  {
    name: 'Twilio status without X-Twilio-Signature',
    build: () => ({
      method: 'POST',
      path: ROUTES.twilioStatus,
      headers: { 'content-type': FORM },
      body: 'MessageSid=SM1&MessageStatus=delivered',
    }),
    expect: 403,
  },
  {
    name: 'Twilio status signed with another auth token',
    build: (ctx) =>
      twilio(
        ROUTES.twilioStatus,
        { MessageSid: ctx.twilioSids[0], MessageStatus: 'failed' },
        'another-token',
      ),
    expect: 403,
  },
  {
    name: 'Twilio status signed for another host, replayed with X-Forwarded-Host',
    build: (ctx) => {
      const form = new URLSearchParams({ MessageSid: ctx.twilioSids[0], MessageStatus: 'failed' });
      const signature = twilioSignatureFor(
        SECRETS.twilioAuthToken,
        ROUTES.twilioStatus.replace('/webhooks', '/other'),
        form,
      );
      return {
        method: 'POST',
        path: ROUTES.twilioStatus,
        headers: {
          'content-type': FORM,
          'x-twilio-signature': signature,
          'x-forwarded-host': 'evil.example',
          'x-forwarded-proto': 'https',
        },
        body: form.toString(),
      };
    },
    expect: 403,
  },
  {
    name: 'Twilio inbound without signature',
    build: () => ({
      method: 'POST',
      path: ROUTES.twilioInbound,
      headers: { 'content-type': FORM },
      body: 'MessageSid=SM1&From=%2B15005550000&Body=STOP',
    }),
    expect: 403,
  },
  {
    name: 'Twilio status: a JSON body with a signature header',
    build: () => ({
      method: 'POST',
      path: ROUTES.twilioStatus,
      headers: { 'content-type': 'application/json', 'x-twilio-signature': 'abc' },
      body: '{"MessageSid":"SM1"}',
    }),
    expect: 403,
  },
  {
    name: 'SendGrid without signature headers',
    build: (ctx) => ({
      method: 'POST',
      path: ROUTES.sendgridEvents,
      headers: { 'content-type': 'application/json' },
      body: events(ctx, {}),
    }),
    expect: 403,
  },
  {
    name: 'SendGrid with a signature over another body',
    build: (ctx) => ({
      method: 'POST',
      path: ROUTES.sendgridEvents,
      headers: sendgridHeaders(ctx.sendgridKey, '[]'),
      body: events(ctx, { event: 'bounce' }),
    }),
    expect: 403,
  },
  {
    name: 'SendGrid signed an hour ago (replay)',
    build: (ctx) =>
      sendgrid((c) => events(c, {}), String(Math.floor(Date.now() / 1000) - 3600))(ctx),
    expect: 403,
  },
  {
    name: 'SendGrid with a signature that is not base64 DER',
    build: (ctx) => ({
      method: 'POST',
      path: ROUTES.sendgridEvents,
      headers: {
        ...sendgridHeaders(ctx.sendgridKey, '[]'),
        'x-twilio-email-event-webhook-signature': '%%%\u00ff',
      },
      body: '[]',
    }),
    expect: 403,
  },
  {
    name: 'SendGrid: 6 MB text/plain with signature headers (issue 22.1)',
    build: (ctx) => ({
      method: 'POST',
      path: ROUTES.sendgridEvents,
      headers: { ...sendgridHeaders(ctx.sendgridKey, '[]'), 'content-type': 'text/plain' },
      body: Buffer.alloc(6 * 1024 * 1024, 'a'),
    }),
    expect: 413,
  },
  {
    name: 'SendGrid: 6 MB application/octet-stream with signature headers (issue 22.1)',
    build: (ctx) => ({
      method: 'POST',
      path: ROUTES.sendgridEvents,
      headers: {
        ...sendgridHeaders(ctx.sendgridKey, '[]'),
        'content-type': 'application/octet-stream',
      },
      body: Buffer.alloc(6 * 1024 * 1024, 'a'),
    }),
    expect: 413,
  },
  {
    name: 'Twilio status: 6 MB application/octet-stream with a signature header (issue 22.1)',
    build: () => ({
      method: 'POST',
      path: ROUTES.twilioStatus,
      headers: { 'content-type': 'application/octet-stream', 'x-twilio-signature': 'abc' },
      body: Buffer.alloc(6 * 1024 * 1024, 'a'),
    }),
    expect: 413,
  },
  {
    name: 'Vonage DLR without sig',
    build: (ctx) => ({
      method: 'POST',
      path: ROUTES.vonageDlr,
      headers: { 'content-type': FORM },
      body: `messageId=${ctx.vonageIds[0]}&status=failed&timestamp=${Math.floor(Date.now() / 1000)}`,
    }),
    expect: 403,
  },
  {
    name: 'Vonage DLR signed with another secret',
    build: (ctx) => vonage({ messageId: ctx.vonageIds[0], status: 'failed' }, { secret: 'x' }),
    expect: 403,
  },
  {
    name: 'Vonage DLR signed an hour ago (replay)',
    build: (ctx) =>
      vonage(
        { messageId: ctx.vonageIds[0], status: 'failed' },
        { timestamp: String(Math.floor(Date.now() / 1000) - 3600) },
      ),
    expect: 403,
  },
  {
    name: 'Vonage DLR with a timestamp that is not a number',
    build: (ctx) => vonage({ messageId: ctx.vonageIds[0], status: 'failed' }, { timestamp: 'now' }),
    expect: 403,
  },
  {
    name: 'Vonage DLR: a JSON body with a nested object (cannot be verified)',
    build: (ctx) => ({
      method: 'POST',
      path: ROUTES.vonageDlr,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ messageId: ctx.vonageIds[0], status: { $ne: 1 }, sig: 'ab' }),
    }),
    expect: 403,
  },
  {
    name: 'Vonage DLR: JSON that does not parse',
    build: () => ({
      method: 'POST',
      path: ROUTES.vonageDlr,
      headers: { 'content-type': 'application/json' },
      body: '{"messageId":',
    }),
    expect: 403,
  },
  {
    name: 'Vonage DLR: 6 MB application/octet-stream',
    build: () => ({
      method: 'POST',
      path: ROUTES.vonageDlr,
      headers: { 'content-type': 'application/octet-stream' },
      body: Buffer.alloc(6 * 1024 * 1024, 'a'),
    }),
    expect: 413,
  },
  {
    name: 'unsubscribe: 1 MB multipart body with a valid token (issue 22.1)',
    build: () => {
      const body = `--x\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\n${'a'.repeat(1024 * 1024)}\r\n--x--\r\n`;
      return { ...unsubscribe({}, body, 'multipart/form-data; boundary=x') };
    },
    expect: 413,
  },
  {
    name: 'unsubscribe POST without a token',
    build: () => ({
      method: 'POST',
      path: ROUTES.unsubscribe,
      headers: { 'content-type': FORM },
      body: 'List-Unsubscribe=One-Click',
    }),
    expect: 403,
  },
  {
    name: 'unsubscribe GET without a token',
    build: () => ({ method: 'GET', path: ROUTES.unsubscribe }),
    expect: 403,
  },
  {
    name: 'unsubscribe with a forged token',
    build: () => {
      const valid = unsubscribeToken({
        address: 'reader@example.com',
        category: null,
        expiresAt: inAWeek(),
      });
      return {
        method: 'POST',
        path: `${ROUTES.unsubscribe}?token=${valid.slice(0, -4)}AAAA`,
        headers: { 'content-type': FORM },
        body: 'List-Unsubscribe=One-Click',
      };
    },
    expect: 403,
  },
  {
    name: 'unsubscribe with an expired token',
    build: () => unsubscribe({ expiresAt: 1 }),
    expect: 403,
  },
  {
    name: 'unsubscribe with two tokens',
    build: () => ({
      method: 'POST',
      path: `${ROUTES.unsubscribe}?token=a.b&token=c.d`,
      headers: { 'content-type': FORM },
      body: 'List-Unsubscribe=One-Click',
    }),
    expect: 403,
  },
  {
    name: 'unsubscribe with a 5,000-character token',
    build: () => ({ method: 'GET', path: `${ROUTES.unsubscribe}?token=${'a'.repeat(5000)}.b` }),
    expect: 403,
  },
  {
    name: 'unsubscribe with a token holding %00',
    build: () => ({ method: 'GET', path: `${ROUTES.unsubscribe}?token=a%00.b` }),
    expect: 403,
  },
  {
    name: 'Postmark without Authorization',
    build: () => ({
      method: 'POST',
      path: ROUTES.postmarkEvents,
      headers: { 'content-type': 'application/json' },
      body: '{"RecordType":"Bounce","MessageID":"x"}',
    }),
    expect: 403,
  },
  {
    name: 'Postmark with the wrong password',
    build: () => ({
      ...postmark('{"RecordType":"Bounce","MessageID":"x"}')(),
      headers: postmarkHeaders(undefined, 'guess'),
    }),
    expect: 403,
  },
  {
    name: 'Postmark with a Basic value that has no colon',
    build: () => ({
      ...postmark('{}')(),
      headers: {
        'content-type': 'application/json',
        authorization: `Basic ${Buffer.from(SECRETS.postmarkPassword).toString('base64')}`,
      },
    }),
    expect: 403,
  },
  {
    name: 'Postmark with "Basic" and nothing after it',
    build: () => ({ ...postmark('{}')(), headers: { authorization: 'Basic ' } }),
    expect: 403,
  },
  {
    name: 'Postmark: 6 MB with the right credentials',
    build: () => ({ ...postmark('')(), body: SIX_MB() }),
    expect: 413,
  },
  {
    name: 'Mailgun without a signature object',
    build: () => ({
      ...mailgun(mgDelivered)(),
      body: JSON.stringify({ 'event-data': mgDelivered }),
    }),
    expect: 403,
  },
  {
    name: 'Mailgun signed with another key',
    build: () => ({
      ...mailgun(mgDelivered)(),
      body: mailgunBody(mgDelivered, { key: 'other-key' }),
    }),
    expect: 403,
  },
  {
    name: 'Mailgun signed an hour ago (replay)',
    build: () => ({
      ...mailgun(mgDelivered)(),
      body: mailgunBody(mgDelivered, { timestamp: String(Number(now()) - 3600) }),
    }),
    expect: 403,
  },
  {
    name: 'Mailgun with the signature fields as numbers',
    build: () => ({
      ...mailgun(mgDelivered)(),
      body: JSON.stringify({
        signature: { timestamp: 1, token: 2, signature: 3 },
        'event-data': mgDelivered,
      }),
    }),
    expect: 403,
  },
  {
    name: 'Mailgun: 6 MB',
    build: () => ({ ...mailgun(mgDelivered)(), body: SIX_MB() }),
    expect: 413,
  },
  {
    name: 'Resend without svix headers',
    build: () => ({ ...resend(rsDelivered)(), headers: { 'content-type': 'application/json' } }),
    expect: 403,
  },
  {
    name: 'Resend signed with another secret',
    build: () => ({
      ...resend(rsDelivered)(),
      headers: resendHeaders(rsDelivered, {
        secret: `whsec_${Buffer.alloc(32, 7).toString('base64')}`,
      }),
    }),
    expect: 403,
  },
  {
    name: 'Resend signed ten minutes ago (replay)',
    build: () => ({
      ...resend(rsDelivered)(),
      headers: resendHeaders(rsDelivered, { timestamp: String(Number(now()) - 600) }),
    }),
    expect: 403,
  },
  {
    name: 'Resend with a timestamp that is not a number',
    build: () => ({
      ...resend(rsDelivered)(),
      headers: resendHeaders(rsDelivered, { timestamp: 'yesterday' }),
    }),
    expect: 403,
  },
  {
    name: 'Resend with a v1 signature that is not base64, and a v2 one',
    build: () => ({
      ...resend(rsDelivered)(),
      headers: { ...resendHeaders(rsDelivered), 'svix-signature': 'v1,%%% v2,abc' },
    }),
    expect: 403,
  },
  {
    name: 'Resend: 6 MB with svix headers',
    build: () => ({ ...resend(rsDelivered)(), body: SIX_MB() }),
    expect: 413,
  },
];

/** Correctly signed requests whose payload is malformed: 400 (or the documented answer). */
const SIGNED: WebhookCase[] = [
  { name: 'Postmark: a body that is not JSON', build: postmark('{"RecordType":'), expect: 400 },
  { name: 'Postmark: a JSON array', build: postmark('[{"RecordType":"Delivery"}]'), expect: 400 },
  { name: 'Postmark: no RecordType', build: postmark('{"MessageID":"x"}'), expect: 400 },
  { name: 'Postmark: RecordType as a number', build: postmark('{"RecordType":5}'), expect: 400 },
  {
    name: 'Postmark: NUL in MessageID',
    build: postmark('{"RecordType":"Delivery","MessageID":"a\\u0000b"}'),
    expect: 400,
  },
  {
    name: 'Postmark: BouncedAt that is no date',
    build: postmark(
      '{"RecordType":"Bounce","Type":"HardBounce","MessageID":"x","BouncedAt":"yesterday"}',
    ),
    expect: 400,
  },
  {
    name: 'Postmark: DeliveredAt in year 99999',
    build: postmark(
      '{"RecordType":"Delivery","MessageID":"x","DeliveredAt":"+099999-01-01T00:00:00Z"}',
    ),
    expect: 400,
  },
  {
    name: 'Postmark: SubscriptionChange with SuppressSending "yes"',
    build: postmark(
      '{"RecordType":"SubscriptionChange","Recipient":"a@example.com","SuppressSending":"yes"}',
    ),
    expect: 400,
  },
  {
    name: 'Postmark: __proto__ keys',
    build: postmark('{"RecordType":"Delivery","__proto__":{"polluted":1},"MessageID":"x"}'),
    expect: 200,
  },
  {
    name: 'Postmark: a Delivery for an unknown message',
    build: postmark('{"RecordType":"Delivery","MessageID":"unknown"}'),
    expect: 200,
  },
  {
    name: 'Mailgun: a body that is not JSON',
    build: () => ({ ...mailgun({})(), body: '{"signature":' }),
    expect: 400,
  },
  {
    name: 'Mailgun: no event-data',
    build: () => ({ ...mailgun({})(), body: mailgunBody(undefined) }),
    expect: 400,
  },
  {
    name: 'Mailgun: event-data nested 5,000 deep',
    build: () => ({
      ...mailgun({})(),
      body: mailgunBody(undefined).replace(
        '}',
        `},"event-data":${'['.repeat(5000)}${']'.repeat(5000)}`,
      ),
    }),
    expect: 400,
  },
  {
    name: 'Mailgun: an event without a name',
    build: mailgun({ recipient: 'a@example.com' }),
    expect: 400,
  },
  {
    name: 'Mailgun: timestamp 1e20',
    build: mailgun({ ...mgDelivered, timestamp: 1e20 }),
    expect: 400,
  },
  {
    name: 'Mailgun: message-id as a number',
    build: mailgun({ event: 'delivered', message: { headers: { 'message-id': 5 } } }),
    expect: 400,
  },
  {
    name: 'Mailgun: delivery-status code as a string',
    build: mailgun({
      ...mgDelivered,
      event: 'failed',
      severity: 'permanent',
      'delivery-status': { code: '550' },
    }),
    expect: 400,
  },
  {
    name: 'Mailgun: NUL in the delivery-status message',
    build: mailgun({
      ...mgDelivered,
      event: 'failed',
      severity: 'permanent',
      'delivery-status': { code: 550, message: 'a\u0000b' },
    }),
    expect: 400,
  },
  {
    name: 'Mailgun: a delivered event for an unknown message',
    build: mailgun(mgDelivered),
    expect: 200,
  },
  { name: 'Resend: a body that is not JSON', build: resend('{"type":'), expect: 400 },
  { name: 'Resend: no data', build: resend('{"type":"email.delivered"}'), expect: 400 },
  { name: 'Resend: no type', build: resend('{"data":{"email_id":"x"}}'), expect: 400 },
  {
    name: 'Resend: created_at that is no date',
    build: resend('{"type":"email.delivered","created_at":"soon","data":{"email_id":"x"}}'),
    expect: 400,
  },
  {
    name: 'Resend: NUL in email_id',
    build: resend('{"type":"email.delivered","data":{"email_id":"a\\u0000b"}}'),
    expect: 400,
  },
  {
    name: 'Resend: bounce as a string',
    build: resend('{"type":"email.bounced","data":{"email_id":"x","bounce":"hard"}}'),
    expect: 400,
  },
  {
    name: 'Resend: a delivered event for an unknown message',
    build: resend(rsDelivered),
    expect: 200,
  },
  {
    name: 'Twilio status without MessageSid',
    build: () => twilio(ROUTES.twilioStatus, { MessageStatus: 'delivered' }),
    expect: 400,
  },
  {
    name: 'Twilio status with an unknown MessageStatus',
    build: (ctx) => status(ctx, { MessageStatus: 'exploded' }),
    expect: 400,
  },
  ...['__proto__', 'toString', 'constructor', 'hasOwnProperty'].map((name) => ({
    name: `Twilio status with MessageStatus=${name} (issue 22.3)`,
    build: (ctx: DocsWebhooksApp) => status(ctx, { MessageStatus: name }),
    expect: 400,
  })),
  {
    name: 'Twilio status with NUL in MessageSid (issue 22.3)',
    build: () =>
      twilio(ROUTES.twilioStatus, { MessageSid: 'SM\u0000x', MessageStatus: 'delivered' }),
    expect: 400,
  },
  {
    name: 'Twilio status with NUL in ErrorCode (issue 22.3)',
    build: (ctx) => status(ctx, { MessageStatus: 'undelivered', ErrorCode: '30\u000003' }),
    expect: 400,
  },
  {
    name: 'Twilio status with a 20,000-character ErrorCode (cut to its bound, issue 22.3)',
    build: (ctx) =>
      twilio(ROUTES.twilioStatus, {
        MessageSid: ctx.twilioSids[1],
        MessageStatus: 'failed',
        ErrorCode: '3'.repeat(20_000),
      }),
    expect: 200,
  },
  {
    name: 'Twilio status with an unknown MessageSid (ignored, so Twilio stops retrying)',
    build: () =>
      twilio(ROUTES.twilioStatus, { MessageSid: 'SMunknown', MessageStatus: 'delivered' }),
    expect: 200,
  },
  {
    name: 'Twilio status delivered for a sent message',
    build: (ctx) => status(ctx, { MessageStatus: 'delivered' }),
    expect: 200,
  },
  {
    name: 'Twilio inbound without From',
    build: () => twilio(ROUTES.twilioInbound, { MessageSid: 'SMin1', Body: 'STOP' }),
    expect: 400,
  },
  {
    name: 'Twilio inbound STOP from a number holding NUL',
    build: () =>
      twilio(ROUTES.twilioInbound, { MessageSid: 'SMin2', From: '+1500\u0000555', Body: 'STOP' }),
    expect: [200, 400],
  },
  {
    name: 'Twilio inbound STOP from a number that is not one',
    build: () =>
      twilio(ROUTES.twilioInbound, { MessageSid: 'SMin3', From: 'not a number', Body: 'STOP' }),
    expect: [200, 400],
  },
  {
    name: 'Twilio inbound with __proto__ as the keyword',
    build: () =>
      twilio(ROUTES.twilioInbound, {
        MessageSid: 'SMin4',
        From: '+15005550000',
        Body: '__proto__',
        OptOutType: 'constructor',
      }),
    expect: 200,
  },
  {
    name: 'Vonage DLR without messageId',
    build: () => vonage({ status: 'delivered' }),
    expect: 400,
  },
  {
    name: 'Vonage DLR with an unknown status',
    build: (ctx) => vonage({ messageId: ctx.vonageIds[0], status: 'exploded' }),
    expect: 400,
  },
  ...['__proto__', 'toString', 'constructor'].map((name) => ({
    name: `Vonage DLR with status=${name}`,
    build: (ctx: DocsWebhooksApp) => vonage({ messageId: ctx.vonageIds[0], status: name }),
    expect: 400,
  })),
  {
    name: 'Vonage DLR with NUL in messageId',
    build: () => vonage({ messageId: 'AB\u0000CD', status: 'delivered' }),
    expect: 400,
  },
  {
    name: 'Vonage DLR with NUL in err-code',
    build: (ctx) =>
      vonage({ messageId: ctx.vonageIds[0], status: 'failed', 'err-code': '1\u00002' }),
    expect: 400,
  },
  {
    name: 'Vonage DLR with a 2,000-character messageId',
    build: () => vonage({ messageId: 'A'.repeat(2000), status: 'delivered' }),
    expect: 400,
  },
  {
    name: 'Vonage DLR with a 20,000-character err-code (cut to its bound)',
    build: (ctx) =>
      vonage({ messageId: ctx.vonageIds[1], status: 'failed', 'err-code': '9'.repeat(20_000) }),
    expect: 200,
  },
  {
    name: 'Vonage DLR with an unknown messageId (ignored, so Vonage stops retrying)',
    build: () => vonage({ messageId: 'UNKNOWN00000001', status: 'delivered' }),
    expect: 200,
  },
  {
    name: 'Vonage DLR delivered for a sent message, as JSON',
    build: (ctx) => vonage({ messageId: ctx.vonageIds[0], status: 'delivered' }, { json: true }),
    expect: 200,
  },
  {
    name: 'Vonage DLR buffered for a sent message',
    build: (ctx) => vonage({ messageId: ctx.vonageIds[2], status: 'buffered' }),
    expect: 200,
  },
  {
    name: 'Vonage DLR buffered again for the same message (replayed messageId + status)',
    build: (ctx) => vonage({ messageId: ctx.vonageIds[2], status: 'buffered' }),
    expect: 403,
  },
  { name: 'SendGrid: a body that is not JSON', build: sendgrid('{"event":'), expect: 400 },
  { name: 'SendGrid: a JSON object, not an array', build: sendgrid('{"a":1}'), expect: 400 },
  { name: 'SendGrid: an event without a name', build: sendgrid('[{"email":"a"}]'), expect: 400 },
  { name: 'SendGrid: an event that is null', build: sendgrid('[null]'), expect: 400 },
  {
    name: 'SendGrid: sg_message_id as a number',
    build: sendgrid('[{"event":"delivered","sg_message_id":5}]'),
    expect: 400,
  },
  {
    name: 'SendGrid: JSON nested 5,000 deep',
    build: sendgrid(`[${'['.repeat(5000)}${']'.repeat(5000)}]`),
    expect: 400,
  },
  {
    name: 'SendGrid: __proto__ keys in an event',
    build: sendgrid('[{"event":"delivered","__proto__":{"polluted":1},"sg_message_id":"x"}]'),
    expect: [200, 400],
  },
  {
    name: 'SendGrid: NUL in sg_message_id (issue 22.3)',
    build: sendgrid((ctx) => events(ctx, { sg_message_id: 'abc\u0000def' })),
    expect: 400,
  },
  {
    name: 'SendGrid: NUL in the reason of a bounce (issue 22.3)',
    build: sendgrid((ctx) =>
      events(ctx, {
        event: 'bounce',
        reason: '550 \u0000',
        sg_message_id: `${ctx.sendgridIds[1]}.f`,
      }),
    ),
    expect: 400,
  },
  {
    name: 'SendGrid: timestamp 1e20 (issue 22.3)',
    build: sendgrid((ctx) =>
      events(ctx, { timestamp: 1e20, sg_message_id: `${ctx.sendgridIds[2]}.f` }),
    ),
    expect: 400,
  },
  {
    name: 'SendGrid: timestamp -1e15 (issue 22.3)',
    build: sendgrid((ctx) =>
      events(ctx, { timestamp: -1e15, sg_message_id: `${ctx.sendgridIds[2]}.f` }),
    ),
    expect: 400,
  },
  {
    name: 'SendGrid: timestamp as a string',
    build: sendgrid((ctx) => events(ctx, { timestamp: 'yesterday' })),
    expect: [200, 400],
  },
  { name: 'SES: a body that is not JSON', build: () => sesRequest('{"Type":'), expect: 400 },
  { name: 'SES: a JSON array', build: () => sesRequest('[]'), expect: 400 },
  {
    name: 'SES: Type "Other"',
    build: () => sesRequest('{"Type":"Other","MessageId":"m"}'),
    expect: 400,
  },
  {
    name: 'SES: MessageId as a number',
    build: () => sesRequest('{"Type":"Notification","MessageId":5,"TopicArn":"t","Message":"{}"}'),
    expect: 400,
  },
  {
    name: 'SES: a signed Message that is not JSON',
    build: (ctx) => sesMessage(ctx, 'not json'),
    expect: 400,
  },
  {
    name: 'SES: a signed event without mail',
    build: (ctx) => sesMessage(ctx, '{"eventType":"Bounce","bounce":{}}'),
    expect: 400,
  },
  {
    name: 'SES: a signed event with mail.messageId as a number',
    build: (ctx) =>
      sesMessage(ctx, '{"eventType":"Delivery","mail":{"messageId":5},"delivery":{}}'),
    expect: 400,
  },
  {
    name: 'SES: NUL in a bounce diagnostic code',
    build: (ctx) =>
      sesNotification(
        ctx,
        sesEvent(ctx, 'Bounce', {
          bouncedRecipients: [{ emailAddress: 'a@example.com', diagnosticCode: 'smtp; 550\u0000' }],
        }),
      ),
    expect: 400,
  },
  {
    name: 'SES: a bounce timestamp that is not a time',
    build: (ctx) => sesNotification(ctx, sesEvent(ctx, 'Bounce', { timestamp: 'yesterday' })),
    expect: 400,
  },
  {
    name: 'SES: __proto__ keys in the event',
    build: (ctx) =>
      sesMessage(
        ctx,
        `{"eventType":"Delivery","__proto__":{"polluted":1},"mail":{"messageId":"${ctx.sesIds[1]}","__proto__":{"polluted":1}},"delivery":{}}`,
      ),
    expect: [200, 400],
  },
  {
    name: 'SES: an event type Herald ignores (Open)',
    build: (ctx) => sesMessage(ctx, `{"eventType":"Open","mail":{"messageId":"${ctx.sesIds[1]}"}}`),
    expect: 200,
  },
  {
    name: 'SES: a validly signed 200 KB notification (fuzz-webhooks: a long Message was cut)',
    build: (ctx) =>
      sesNotification(
        ctx,
        sesEvent(ctx, 'Delivery', { smtpResponse: `250 ${'x'.repeat(200_000)}` }),
      ),
    expect: 200,
  },
  {
    name: 'SES: a Delivery for a sent mail',
    build: (ctx) => sesNotification(ctx, sesEvent(ctx, 'Delivery')),
    expect: 200,
  },
  {
    name: 'SES: a SubscriptionConfirmation from the allowed topic',
    build: (ctx) => sesRequest(JSON.stringify(ctx.ses.subscriptionConfirmationMessage())),
    expect: 200,
  },
  {
    name: 'SendGrid: a delivered event for a sent mail',
    build: sendgrid((ctx) => events(ctx, {})),
    expect: 200,
  },
  {
    name: 'SendGrid: a validly signed 301 KB batch (issue 22.2)',
    build: sendgrid((ctx) =>
      events(
        ctx,
        ...Array.from({ length: 1200 }, (_, i) => ({
          event: 'open',
          sg_message_id: `unknown-${i}.filter`,
          useragent: 'x'.repeat(150),
        })),
      ),
    ),
    expect: 200,
  },
  {
    name: 'unsubscribe: a signed token naming "not an email" (issue 22.5)',
    build: () => unsubscribe({ address: 'not an email' }),
    expect: 400,
  },
  {
    name: 'unsubscribe: a signed token naming an address with NUL (issue 22.5)',
    build: () => unsubscribe({ address: 'a\u0000b@example.com' }),
    expect: 400,
  },
  {
    name: 'unsubscribe: a signed token naming __proto__ (issue 22.5)',
    build: () => unsubscribe({ address: '__proto__' }),
    expect: 400,
  },
  {
    name: 'unsubscribe: a signed token naming a 2,000-character address (issue 22.5)',
    build: () => unsubscribe({ address: `${'a'.repeat(2000)}@example.com` }),
    expect: 400,
  },
  {
    name: 'unsubscribe: a signed token with NUL in the category (issue 22.5)',
    build: () => unsubscribe({ category: 'news\u0000letter' }),
    expect: 400,
  },
  {
    name: 'unsubscribe: a signed token with __proto__ as the category (issue 22.5)',
    build: () => unsubscribe({ category: '__proto__' }),
    expect: 400,
  },
  {
    name: 'unsubscribe: a signed token that expires in 1e300 seconds (issue 22.5)',
    build: () => unsubscribe({ expiresAt: 1e300 }),
    expect: [400, 403],
  },
  {
    name: 'unsubscribe: a signed token with the category as a number',
    build: () => unsubscribe({ category: 5 }),
    expect: 403,
  },
  {
    name: 'unsubscribe: a valid token with a text/plain body',
    build: () => unsubscribe({}, 'List-Unsubscribe=One-Click', 'text/plain'),
    expect: 415, // RFC 8058 names form bodies; docs/suppression.md: any other type is 415
  },
  {
    name: 'unsubscribe: a valid token with a JSON body (docs/suppression.md: 415)',
    build: () => unsubscribe({}, '{"List-Unsubscribe":"One-Click"}', 'application/json'),
    expect: 415,
  },
  {
    name: 'unsubscribe: a valid token with an empty form',
    build: () => unsubscribe({}, ''),
    expect: 400,
  },
  {
    name: 'unsubscribe: a valid token, the one-click form',
    build: () => unsubscribe({}),
    expect: 200,
  },
  {
    name: 'unsubscribe: GET with a valid token shows the form',
    build: () => ({
      method: 'GET',
      path: `${ROUTES.unsubscribe}?token=${unsubscribeToken({ address: 'reader@example.com', category: '<b>x</b>', expiresAt: inAWeek() })}`,
    }),
    expect: 200,
  },
];

describe('webhook and unsubscribe routes (wired as the docs show) answer malformed requests without a 500', () => {
  let ctx: DocsWebhooksApp;
  let client: KeepAliveClient;
  const output = new OutputCapture();

  beforeAll(async () => {
    output.start();
    ctx = await startDocsWebhooksApp(output);
    client = new KeepAliveClient(ctx.url, ROUTES.unsubscribe);
  });
  afterAll(async () => {
    client?.close();
    await ctx?.close();
    output.stop();
  });

  it('covers every route, signed and unsigned', () => {
    const all = [...UNSIGNED, ...SIGNED].map((c) => c.build(ctx).path.split('?')[0]);
    for (const route of Object.values(ROUTES)) {
      expect(UNSIGNED.filter((c) => c.build(ctx).path.startsWith(route)).length).toBeGreaterThan(0);
      expect(SIGNED.filter((c) => c.build(ctx).path.startsWith(route)).length).toBeGreaterThan(0);
    }
    expect(all.length).toBeGreaterThanOrEqual(50);
  });

  it.each([
    ...UNSIGNED.map((c) => [`unsigned: ${c.name}`, c] as const),
    ...SIGNED.map((c) => [`signed: ${c.name}`, c] as const),
  ])('%s', async (name, c) => {
    const exchange = await client.exchange(c.build(ctx));
    expectSafeExchange(exchange, name);
    const allowed = [c.expect].flat();
    if (!allowed.includes(exchange.status))
      throw new Error(
        `${name}: answered ${exchange.status} (expected ${allowed.join(' or ')}): ${exchange.body.slice(0, 200)}`,
      );
    output.expectNoPlant(name);
  });

  it('left Object.prototype unpolluted', () => {
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});
