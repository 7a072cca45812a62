import fc from 'fast-check';
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
  fuzzAssert,
  fuzzCount,
  KeepAliveClient,
  nastyString,
  OutputCapture,
  runConcurrently,
  type RawRequest,
} from './helpers/fuzz.js';

/** Generated cases per property (× 9 properties: this file's share of the fuzz budget). */
const RUNS = 200;

const FORM = 'application/x-www-form-urlencoded';
const headerSafe = (value: string) => value.replace(/[^\t\x20-\x7e]/g, '?').trim();

/** Extra form fields Twilio may add, and random ones. */
const extraFields = fc.dictionary(
  fc.oneof(
    fc.constantFrom('AccountSid', 'ApiVersion', 'SmsSid', 'SmsStatus', 'From'),
    nastyString(),
  ),
  nastyString(),
  { maxKeys: 3 },
);

const twilioStatuses = fc.constantFrom(
  'delivered',
  'undelivered',
  'failed',
  'sent',
  'queued',
  'read',
  'canceled',
);

function signedTwilio(path: string, fields: Array<[string, string]>): RawRequest {
  const form = new URLSearchParams(fields);
  return {
    method: 'POST',
    path,
    headers: {
      'content-type': FORM,
      'x-twilio-signature': twilioSignatureFor(SECRETS.twilioAuthToken, path, form),
    },
    body: form.toString(),
  };
}

const vonageStatuses = fc.constantFrom(
  'delivered',
  'failed',
  'rejected',
  'expired',
  'accepted',
  'buffered',
  'unknown',
);

const sendgridEvent = (ids: fc.Arbitrary<string>) =>
  fc.record(
    {
      event: fc.oneof(
        fc.constantFrom(
          'delivered',
          'bounce',
          'dropped',
          'spamreport',
          'open',
          'click',
          'deferred',
        ),
        nastyString(),
      ),
      email: fc.oneof(fc.constant('reader0@example.com'), nastyString()),
      timestamp: fc.oneof(
        fc.constant(Math.floor(Date.now() / 1000)),
        fc.integer(),
        fc.double(),
        fc.constantFrom(1e20, -1e15, 0, 253402300800, -62135596801),
        nastyString(),
      ),
      sg_event_id: fc.oneof(fc.uuid(), nastyString()),
      sg_message_id: fc.oneof(
        ids,
        ids.map((id) => `${id}.filter`),
        nastyString(),
      ),
      type: fc.oneof(fc.constantFrom('bounce', 'blocked'), nastyString()),
      reason: nastyString(),
      response: nastyString(),
      status: nastyString(),
    },
    { requiredKeys: ['event'] },
  );

describe('fuzz: the webhook and unsubscribe handlers (wired as the docs show), signed and unsigned', () => {
  let ctx: DocsWebhooksApp;
  const output = new OutputCapture();
  const started = Date.now();
  let failures: Map<string, unknown>;

  /** Each property: a generator of requests and the statuses its answers may have. */
  const properties = (): Record<
    string,
    { arbitrary: fc.Arbitrary<RawRequest>; allowed: (status: number) => boolean }
  > => {
    const sids = fc.constantFrom(...ctx.twilioSids);
    const ids = fc.constantFrom(...ctx.sendgridIds);
    const clientError = (s: number) => s >= 400 && s < 500;
    return {
      'signed Twilio status callbacks': {
        arbitrary: fc
          .record({
            sid: fc.oneof(sids, nastyString()),
            status: fc.oneof(twilioStatuses, nastyString()),
            errorCode: fc.option(fc.oneof(fc.constantFrom('30003', '21610'), nastyString())),
            to: fc.option(fc.oneof(fc.constant('+15005550000'), nastyString())),
            extra: extraFields,
          })
          .map((c) =>
            signedTwilio(ROUTES.twilioStatus, [
              ['MessageSid', c.sid],
              ['MessageStatus', c.status],
              ...(c.errorCode === null ? [] : [['ErrorCode', c.errorCode] as [string, string]]),
              ...(c.to === null ? [] : [['To', c.to] as [string, string]]),
              ...Object.entries(c.extra),
            ]),
          ),
        allowed: (s) => s === 200 || s === 400,
      },
      'signed Twilio inbound messages': {
        arbitrary: fc
          .record({
            sid: nastyString(),
            from: fc.oneof(fc.constant('+15005550000'), nastyString()),
            body: fc.oneof(
              fc.constantFrom('STOP', 'start', ' unsubscribe ', 'YES', 'hi'),
              nastyString(),
            ),
            optOutType: fc.option(
              fc.oneof(fc.constantFrom('STOP', 'START', 'HELP'), nastyString()),
            ),
            extra: extraFields,
          })
          .map((c) =>
            signedTwilio(ROUTES.twilioInbound, [
              ['MessageSid', c.sid],
              ['From', c.from],
              ['Body', c.body],
              ...(c.optOutType === null ? [] : [['OptOutType', c.optOutType] as [string, string]]),
              ...Object.entries(c.extra),
            ]),
          ),
        allowed: (s) => s === 200 || s === 400,
      },
      'unsigned or forged Twilio requests': {
        arbitrary: fc
          .record({
            path: fc.constantFrom(ROUTES.twilioStatus, ROUTES.twilioInbound),
            signature: fc.option(nastyString().map(headerSafe)),
            type: fc.constantFrom(
              FORM,
              'application/json',
              'text/plain',
              'multipart/form-data',
              '',
            ),
            body: nastyString(),
            forwardedHost: fc.option(fc.constantFrom('evil.example', 'api.example.com')),
          })
          .map((c) => ({
            method: 'POST',
            path: c.path,
            headers: {
              ...(c.type ? { 'content-type': c.type } : {}),
              ...(c.signature === null ? {} : { 'x-twilio-signature': c.signature }),
              ...(c.forwardedHost ? { 'x-forwarded-host': c.forwardedHost } : {}),
            },
            body: c.body,
          })),
        allowed: clientError,
      },
      'signed Vonage delivery receipts': {
        arbitrary: fc
          .record({
            id: fc.oneof(fc.constantFrom(...ctx.vonageIds), nastyString()),
            status: fc.oneof(vonageStatuses, nastyString()),
            errCode: fc.option(fc.oneof(fc.constantFrom('0', '1', '12'), nastyString())),
            msisdn: fc.option(fc.oneof(fc.constant('447700900000'), nastyString())),
            extra: fc.dictionary(
              fc.oneof(fc.constantFrom('price', 'scts', 'client-ref', 'sig'), nastyString()),
              nastyString(),
              { maxKeys: 3 },
            ),
            json: fc.boolean(),
          })
          .map((c) => {
            const params = vonageSignedParams([
              ...Object.entries(c.extra),
              ['messageId', c.id],
              ['status', c.status],
              ...(c.errCode === null ? [] : [['err-code', c.errCode] as [string, string]]),
              ...(c.msisdn === null ? [] : [['msisdn', c.msisdn] as [string, string]]),
            ]);
            return {
              method: 'POST',
              path: ROUTES.vonageDlr,
              headers: { 'content-type': c.json ? 'application/json' : FORM },
              body: c.json ? JSON.stringify(Object.fromEntries(params)) : params.toString(),
            };
          }),
        // 403 only for a messageId + status the route already applied (a replay)
        allowed: (s) => s === 200 || s === 400 || s === 403,
      },
      'unsigned, forged or stale Vonage receipts': {
        arbitrary: fc
          .record({
            id: fc.oneof(fc.constantFrom(...ctx.vonageIds), nastyString()),
            status: fc.oneof(vonageStatuses, nastyString()),
            sig: fc.option(nastyString()),
            timestamp: fc.oneof(
              fc.integer().map(String),
              fc.constant(String(Math.floor(Date.now() / 1000) - 3600)),
              nastyString(),
            ),
            type: fc.constantFrom(FORM, 'application/json', 'text/plain', ''),
            raw: fc.option(nastyString()),
          })
          .map((c) => {
            const params = vonageSignedParams(
              [
                ['messageId', c.id],
                ['status', c.status],
              ],
              undefined,
              c.timestamp,
            );
            if (c.sig !== null) params.set('sig', c.sig);
            const body =
              c.raw ??
              (c.type === 'application/json'
                ? JSON.stringify(Object.fromEntries(params))
                : params.toString());
            return {
              method: 'POST',
              path: ROUTES.vonageDlr,
              headers: (c.type ? { 'content-type': c.type } : {}) as Record<string, string>,
              body,
            };
          }),
        // signed with the right secret but outside the window, or with a forged sig: never in
        allowed: (s) => s === 403 || s === 400,
      },
      'signed SendGrid batches': {
        arbitrary: fc
          .oneof(
            {
              weight: 4,
              arbitrary: fc
                .array(sendgridEvent(ids), { maxLength: 5 })
                .map((e) => JSON.stringify(e)),
            },
            { weight: 1, arbitrary: fc.jsonValue().map((v) => JSON.stringify(v)) },
            { weight: 1, arbitrary: nastyString() },
          )
          .map((body) => ({
            method: 'POST',
            path: ROUTES.sendgridEvents,
            headers: sendgridHeaders(ctx.sendgridKey, body),
            body,
          })),
        allowed: (s) => s === 200 || s === 400,
      },
      'unsigned, forged or replayed SendGrid batches': {
        arbitrary: fc
          .record({
            events: fc.array(sendgridEvent(ids), { maxLength: 3 }).map((e) => JSON.stringify(e)),
            signature: fc.option(nastyString().map(headerSafe)),
            timestamp: fc.option(
              fc.oneof(nastyString().map(headerSafe), fc.integer().map(String), fc.constant('0')),
            ),
            signOther: fc.boolean(),
          })
          .map((c) => {
            const signed = sendgridHeaders(
              ctx.sendgridKey,
              c.signOther ? '[]' : c.events,
              c.timestamp ?? undefined,
            );
            const headers: Record<string, string> = { 'content-type': 'application/json' };
            if (c.signature !== null)
              headers['x-twilio-email-event-webhook-signature'] = c.signature;
            else if (c.signOther || c.timestamp !== null)
              headers['x-twilio-email-event-webhook-signature'] =
                signed['x-twilio-email-event-webhook-signature'];
            if (c.timestamp !== null)
              headers['x-twilio-email-event-webhook-timestamp'] = c.timestamp;
            return { method: 'POST', path: ROUTES.sendgridEvents, headers, body: c.events };
          }),
        // a signature made now over the exact body with a current timestamp is the only way in
        allowed: (s) => s === 403 || s === 400,
      },
      'signed unsubscribe tokens': {
        arbitrary: fc
          .record({
            address: fc.oneof(fc.emailAddress(), nastyString(), fc.integer(), fc.constant(null)),
            category: fc.oneof(
              fc.constant(null),
              fc.constant('newsletter'),
              nastyString(),
              fc.integer(),
            ),
            expiresAt: fc.oneof(
              fc.constant(Math.floor(Date.now() / 1000) + 86400),
              fc.integer(),
              fc.double(),
              fc.constantFrom(1e300, -1, 0, Number.MAX_SAFE_INTEGER),
              nastyString(),
            ),
            method: fc.constantFrom('GET', 'POST'),
            body: fc.oneof(
              fc.constant('List-Unsubscribe=One-Click'),
              nastyString().map(
                (v) => `List-Unsubscribe=${encodeURIComponent(v.replace(/[\uD800-\uDFFF]/g, ''))}`,
              ),
              nastyString(),
            ),
            type: fc.constantFrom(
              FORM,
              'multipart/form-data; boundary=x',
              'application/json',
              'text/plain',
            ),
          })
          .map((c) => ({
            method: c.method,
            path: `${ROUTES.unsubscribe}?token=${unsubscribeToken(c)}`,
            ...(c.method === 'POST' ? { headers: { 'content-type': c.type }, body: c.body } : {}),
          })),
        allowed: (s) => s === 200 || s === 400 || s === 403 || s === 415,
      },
      'unsigned or forged unsubscribe tokens': {
        arbitrary: fc
          .record({
            token: fc.oneof(
              nastyString().map((t) => encodeURIComponent(t.replace(/[\uD800-\uDFFF]/g, ''))),
              fc
                .tuple(fc.base64String(), fc.base64String())
                .map(([a, b]) =>
                  `${a}.${b}`.replace(/\+/g, '-').replace(/\//g, '_').replace(/=/g, ''),
                ),
              fc.constantFrom('a.b', '.', '..', 'a.b&token=c.d', '%00', ''),
            ),
            method: fc.constantFrom('GET', 'POST'),
          })
          .map((c) => ({
            method: c.method,
            path: `${ROUTES.unsubscribe}?token=${c.token}`,
            ...(c.method === 'POST'
              ? { headers: { 'content-type': FORM }, body: 'List-Unsubscribe=One-Click' }
              : {}),
          })),
        allowed: (s) => s === 403 || s === 400,
      },
    };
  };

  beforeAll(async () => {
    output.start();
    ctx = await startDocsWebhooksApp(output);
    const all = properties();
    const names = Object.keys(all);
    failures = await runConcurrently(names, 4, async (name) => {
      const { arbitrary, allowed } = all[name];
      const client = new KeepAliveClient(ctx.url, ROUTES.unsubscribe);
      try {
        await fuzzAssert(RUNS, arbitrary, async (req) => {
          const what = `${req.method} ${req.path.slice(0, 120)}`;
          const exchange = await client.exchange(req);
          expectSafeExchange(exchange, what);
          if (!allowed(exchange.status))
            throw new Error(`${what}: answered ${exchange.status}: ${exchange.body.slice(0, 200)}`);
          output.expectNoPlant(what);
        });
      } finally {
        client.close();
      }
    });
  }, 300_000);
  afterAll(async () => {
    await ctx?.close();
    output.stop();
    process.stdout.write(
      `fuzz-webhooks: ${fuzzCount.cases} generated cases in ${((Date.now() - started) / 1000).toFixed(1)} s\n`,
    );
  });

  it.each([
    'signed Twilio status callbacks',
    'signed Twilio inbound messages',
    'unsigned or forged Twilio requests',
    'signed Vonage delivery receipts',
    'unsigned, forged or stale Vonage receipts',
    'signed SendGrid batches',
    'unsigned, forged or replayed SendGrid batches',
    'signed unsubscribe tokens',
    'unsigned or forged unsubscribe tokens',
  ])('%s', (name) => {
    if (failures.has(name)) throw failures.get(name);
  });
});
