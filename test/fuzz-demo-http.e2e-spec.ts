import type { INestApplication } from '@nestjs/common';
import fc from 'fast-check';
import { DemoCsrfService } from '../apps/demo/src/auth/demo-csrf.service.js';
import { startDemoApp } from './helpers/demo-app.js';
import { openDemoPostgresSchema, type DemoPostgresSchema } from './helpers/demo-postgres.js';
import {
  expectSafeExchange,
  fuzzAssert,
  fuzzCount,
  KeepAliveClient,
  nastyString,
  OutputCapture,
  PLANT,
  runConcurrently,
  type RawRequest,
} from './helpers/fuzz.js';
import { loginAs } from './helpers/inbox-demo.js';
import { withEnv } from './helpers/with-env.js';

/** Generated cases per route (× the routes below: the file's share of the fuzz budget). */
const RUNS_PER_ROUTE = 40;

/**
 * Every route the demo serves, fuzzed with generated query strings, headers
 * and bodies. The last test checks this list against the routes of the
 * running app, so a new route cannot stay out of the fuzz unnoticed.
 */
type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

const ROUTES: Array<[method: Method, path: string]> = [
  ['GET', '/'],
  ['GET', '/config'],
  ['GET', '/metrics'],
  ['GET', '/auth/login'],
  ['POST', '/auth/login'],
  ['POST', '/auth/logout'],
  ['GET', '/assets/:file'],
  ['GET', '/admin/notifications/inbox'],
  ['POST', '/admin/notifications/read/:message_id'],
  ['POST', '/admin/notifications/read-all'],
  ['POST', '/admin/notifications/send'],
  ['POST', '/admin/notifications/counts'],
  ...['seen', 'read', 'unread', 'archive', 'unarchive', 'unsnooze', 'snooze'].map(
    (change): [Method, string] => ['POST', `/admin/notifications/messages/:message_id/${change}`],
  ),
  ['POST', '/admin/notifications/messages/:message_id/actions/:action_id'],
  ['DELETE', '/admin/notifications/messages/:message_id'],
  ['POST', '/admin/notifications/bulk/seen'],
  ['POST', '/admin/notifications/bulk/read'],
  ['POST', '/admin/notifications/bulk/archive'],
  ['GET', '/admin/notifications/preferences'],
  ['PUT', '/admin/notifications/preferences'],
  ['POST', '/admin/notifications/token'],
  ['POST', '/admin/deliveries/:id/feedback'],
  ['GET', '/admin/deliveries'],
  ['GET', '/admin/deliveries.json'],
  ['POST', '/admin/deliveries/send'],
  ['POST', '/admin/deliveries/notify'],
  ['GET', '/admin/deliveries/notifications.json'],
  ['GET', '/admin/previews'],
  ['GET', '/admin/preferences'],
  ['GET', '/admin/preferences.json'],
  ['POST', '/admin/preferences'],
  ['GET', '/channels'],
  ['GET', '/channels/deliveries'],
  ['POST', '/channels/sms'],
  ['POST', '/channels/push'],
  ['POST', '/channels/mail'],
  ['POST', '/channels/email'],
  ['GET', '/admin/suppressions'],
  ['GET', '/admin/suppressions.json'],
  ['POST', '/admin/suppressions'],
  ['POST', '/admin/suppressions/:id/lift'],
  ['GET', '/health'],
  ['GET', '/health/live'],
  ['GET', '/health/ready'],
  ['GET', '/health/startup'],
  ['GET', '/tracing/orders/:id'],
  ['GET', '/tracing'],
  ['GET', '/slos'],
  ['GET', '/slos/state'],
  ['POST', '/slos/samples'],
  ['GET', '/admin/slos/report'],
  ['GET', '/errors/not-found'],
  // the catch-alls: admin pages, and what no route serves
  ['GET', '/admin/{*path}'],
  ['GET', '/{*path}'],
  ['POST', '/{*path}'],
];

/** Routes left out, and why. */
const NOT_FUZZED: Record<string, string> = {
  'GET /admin/notifications/stream':
    'an SSE stream: it never ends (covered by admin-sse.e2e-spec.ts)',
  'GET /errors/boom': 'answers 500 on purpose (the error-tracking demo)',
};

/** The fields the demo's DTOs read, so generated bodies and queries reach validation. */
const FIELDS = [
  'to',
  'title',
  'body',
  'user',
  'next',
  'metric',
  'scenario',
  'valueMs',
  'count',
  'category',
  'channel',
  'enabled',
  'status',
  'token',
  'subject',
  'html',
  'text',
  'user_id',
  'action_url',
  'cursor',
  'limit',
  'offset',
  'address',
  'reason',
  'id',
  '_csrf',
  'filter',
  'notice',
  'unread_only',
  'kind',
  'source',
  'type',
  'data',
  'page',
  'tabs',
  'until',
  'tags',
  'severity',
  'seen',
  'read',
  'actions',
  'label',
  'action_id',
];

const key = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...FIELDS) },
  { weight: 1, arbitrary: nastyString() },
);
const scalar = fc.oneof(
  { weight: 4, arbitrary: nastyString() },
  { weight: 1, arbitrary: fc.integer() },
  { weight: 1, arbitrary: fc.double() },
  { weight: 1, arbitrary: fc.constantFrom(1e20, -1e15, 2 ** 53 + 1, 0, -1, 1e300, 0.5) },
  { weight: 1, arbitrary: fc.boolean() },
  { weight: 1, arbitrary: fc.constant(null) },
);
const { json } = fc.letrec((tie) => ({
  json: fc.oneof(
    { depthSize: 'small', maxDepth: 3 },
    scalar,
    fc.array(tie('json'), { maxLength: 4 }),
    fc.dictionary(key, tie('json'), { maxKeys: 5 }),
  ),
}));

/** Percent-encoding of any string (a lone surrogate becomes U+FFFD first). */
const enc = (text: string) =>
  encodeURIComponent(
    text.replace(
      /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g,
      '\uFFFD',
    ),
  );

/** A value for a query or form field, percent-encoded (or a raw broken escape). */
const encoded = fc.oneof(
  { weight: 6, arbitrary: nastyString().map(enc) },
  {
    weight: 3,
    arbitrary: fc
      .oneof(
        fc.constantFrom('1e20', '9223372036854775808', '-1', '0', '1.5', 'abc', '', '0x10', ' 1'),
        fc.bigInt().map(String),
        fc.integer().map(String),
      )
      .map(enc),
  },
  { weight: 1, arbitrary: fc.constantFrom('%', '%0', '%FF', '%00', '%C0%AF', '%E2%80%AE', '+') },
);

const randomQuery = fc
  .array(fc.tuple(key.map(enc), encoded, fc.constantFrom('', '[]', '[a]', '[0][b]')), {
    maxLength: 4,
  })
  .map((pairs) =>
    pairs.length === 0 ? '' : `?${pairs.map(([k, v, b]) => `${k}${b}=${v}`).join('&')}`,
  );
/** One numeric field of the demo's DTOs with a value past every bound (or not a number). */
const numericQuery = fc
  .tuple(
    fc.constantFrom('limit', 'offset', 'count', 'cursor', 'page', 'id', 'valueMs'),
    fc.constantFrom(
      '1e20',
      '9223372036854775808',
      '1e20',
      '9223372036854775808',
      '1e400',
      '-1',
      '1.5',
    ),
  )
  .map(([k, v]) => `?${k}=${v}`);
const query = fc.oneof(
  { weight: 3, arbitrary: randomQuery },
  { weight: 2, arbitrary: numericQuery },
);

/** Only characters Node's client lets through in a header value. */
const headerSafe = (value: string) => value.replace(/[^\t\x20-\x7e]/g, '?').trim();

/** Which credentials a request carries. */
type Auth = 'none' | 'bearer' | 'cookie' | 'cookie+csrf' | 'cookie+broken-bearer' | 'forged';

const extraHeaders = fc.dictionary(
  fc.constantFrom(
    'accept',
    'accept-language',
    'x-forwarded-host',
    'x-forwarded-proto',
    'x-forwarded-for',
    'x-csrf-token',
    'if-none-match',
    'range',
    'traceparent',
    'last-event-id',
    'content-encoding',
  ),
  nastyString().map(headerSafe),
  { maxKeys: 3 },
);

const bodyKind = fc.constantFrom('none', 'json', 'json', 'form', 'form', 'text', 'multipart');
const contentType = fc.constantFrom(
  'application/json',
  'application/json; charset=utf-8',
  'application/x-www-form-urlencoded',
  'text/plain',
  'multipart/form-data; boundary=x',
  'application/octet-stream',
  'application/json; charset=latin1',
  '',
);

const pathParam = fc.oneof(
  fc.constantFrom(
    '0193a3c4-5e6f-7a8b-9c0d-1e2f3a4b5c6d',
    'dlv_demo',
    '1',
    '42',
    '%00',
    '%FF',
    '%2e%2e',
    '99999999999999999999',
    '-1',
  ),
  nastyString()
    .filter((s) => s.length > 0)
    .map(enc),
);

const caseArbitrary = fc.record({
  query,
  // signed in more often than not: that is where the routes' logic is
  auth: fc.oneof(
    { weight: 3, arbitrary: fc.constant<Auth>('bearer') },
    { weight: 2, arbitrary: fc.constant<Auth>('cookie') },
    { weight: 2, arbitrary: fc.constant<Auth>('cookie+csrf') },
    { weight: 1, arbitrary: fc.constantFrom<Auth>('none', 'cookie+broken-bearer', 'forged') },
  ),
  origin: fc.constantFrom(undefined, 'null', 'https://evil.example', 'same'),
  headers: extraHeaders,
  bodyKind,
  contentType,
  typeMatches: fc.boolean(),
  body: fc.dictionary(key, json, { maxKeys: 6 }),
  rawBody: fc.oneof(
    nastyString(),
    json.map((v) => JSON.stringify(v) ?? ''),
  ),
  params: fc.array(pathParam, { minLength: 1, maxLength: 3 }),
});

type FuzzCase = typeof caseArbitrary extends fc.Arbitrary<infer T> ? T : never;

describe('fuzz: every demo route answers generated input without a 500, a stack trace or a secret', () => {
  let app: INestApplication;
  let url: string;
  let database: DemoPostgresSchema;
  let token: string;
  let csrf: string;
  const output = new OutputCapture();
  const started = Date.now();

  beforeAll(async () => {
    database = await openDemoPostgresSchema();
    const env = {
      ...database.env,
      // trust authentication: the password is never checked, only carried
      DEMO_DATABASE_URL: database.env.DEMO_DATABASE_URL.replace(
        'postgres@',
        `postgres:${PLANT}-pg-password@`,
      ),
      DEMO_AUTH_SECRET: `${PLANT}-demo-auth-secret-0123456789`,
      HERALD_MONITOR__PROMETHEUS__AUTH_TOKEN: `${PLANT}-scrape-token`,
    };
    output.start();
    ({ app, url } = await withEnv(env, () => startDemoApp()));
    app.useLogger(output);
    token = await loginAs(app, 'alice');
    csrf = app.get(DemoCsrfService).tokenFor('alice');
  });
  afterAll(async () => {
    await app?.close();
    output.stop();
    await database?.close();
    process.stdout.write(
      `fuzz-demo-http: ${fuzzCount.cases} generated cases in ${((Date.now() - started) / 1000).toFixed(1)} s\n`,
    );
  });

  function buildRequest(method: Method, path: string, c: FuzzCase) {
    let i = 0;
    const concrete = path
      .replace(/:[a-z_]+/g, () => c.params[i++ % c.params.length])
      .replace('{*path}', () => c.params.join('/'));
    const headers: Record<string, string> = { ...c.headers };
    const cookie = `herald_session=${encodeURIComponent(token)}`;
    if (c.auth === 'bearer') headers.authorization = `Bearer ${token}`;
    if (c.auth.startsWith('cookie')) headers.cookie = cookie;
    if (c.auth === 'cookie+broken-bearer') headers.authorization = 'Bearer a b';
    if (c.auth === 'forged') headers.authorization = `Bearer alice.${PLANT.toLowerCase()}`;
    if (c.origin) headers.origin = c.origin === 'same' ? url : c.origin;
    const req: RawRequest = { method, path: concrete + c.query, headers };
    if (method !== 'GET' && c.bodyKind !== 'none') {
      const fields = { ...c.body, ...(c.auth === 'cookie+csrf' ? { _csrf: csrf } : {}) };
      let type: string;
      if (c.bodyKind === 'json') {
        req.body = JSON.stringify(fields);
        type = 'application/json';
      } else if (c.bodyKind === 'form') {
        const form = new URLSearchParams();
        for (const [k, v] of Object.entries(fields))
          form.append(k, typeof v === 'string' ? v : JSON.stringify(v));
        req.body = form.toString();
        type = 'application/x-www-form-urlencoded';
      } else if (c.bodyKind === 'multipart') {
        req.body = `--x\r\nContent-Disposition: form-data; name="${headerSafe(Object.keys(fields)[0] ?? 'a')}"\r\n\r\n${c.rawBody}\r\n--x--\r\n`;
        type = 'multipart/form-data; boundary=x';
      } else {
        req.body = c.rawBody;
        type = 'text/plain';
      }
      headers['content-type'] = c.typeMatches ? type : c.contentType;
      if (!headers['content-type']) delete headers['content-type'];
    }
    return req;
  }

  // The routes' properties run four at a time in beforeAll (each on its own
  // keep-alive connection); each route's test reports its own result.
  let failures: Map<(typeof ROUTES)[number], unknown>;
  beforeAll(async () => {
    failures = await runConcurrently(ROUTES, 4, async (route) => {
      const [method, path] = route;
      const client = new KeepAliveClient(url, '/auth/login');
      try {
        await fuzzAssert(RUNS_PER_ROUTE, caseArbitrary, async (c) => {
          const req = buildRequest(method, path, c);
          const what = `${req.method} ${req.path.slice(0, 200)}`;
          const exchange = await client.exchange(req);
          // a health route answers 503 when a check fails: that is its documented answer
          if (path.startsWith('/health') && exchange.status === 503) exchange.status = 200;
          expectSafeExchange(exchange, what);
          output.expectNoPlant(what);
        });
      } finally {
        client.close();
      }
    });
  }, 300_000);

  it.each(ROUTES)('%s %s', (method, path) => {
    const failure = failures.get(ROUTES.find(([m, p]) => m === method && p === path)!);
    if (failure) throw failure;
  });

  it('fuzzes every route the running demo serves (or says why not)', () => {
    const stack = (app.getHttpAdapter().getInstance() as { router: { stack: unknown[] } }).router
      .stack as Array<{ route?: { path: string; methods: Record<string, boolean> } }>;
    const served = new Set<string>();
    for (const layer of stack) {
      if (!layer.route) continue;
      const methods = Object.keys(layer.route.methods);
      // a catch-all registered for every method is fuzzed with GET and POST
      for (const m of methods.length > 2 ? ['get', 'post'] : methods)
        served.add(`${m.toUpperCase()} ${layer.route.path}`);
    }
    const covered = new Set([...ROUTES.map(([m, p]) => `${m} ${p}`), ...Object.keys(NOT_FUZZED)]);
    expect([...served].filter((route) => !covered.has(route))).toEqual([]);
    expect([...covered].filter((route) => !served.has(route))).toEqual([]);
  });
});
