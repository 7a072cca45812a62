import {
  ROUTES,
  SECRETS,
  sendgridHeaders,
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
];

/** Correctly signed requests whose payload is malformed: 400 (or the documented answer). */
const SIGNED: WebhookCase[] = [
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
