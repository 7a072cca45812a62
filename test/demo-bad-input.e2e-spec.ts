import type { INestApplication } from '@nestjs/common';
import request from 'supertest';
import { startDemoApp } from './helpers/demo-app.js';
import { openDemoPostgresSchema } from './helpers/demo-postgres.js';
import { bearer, loginAs } from './helpers/inbox-demo.js';
import { withEnv } from './helpers/with-env.js';

/** One malformed request, and the status it must get (any status under 500 when unset). */
interface BadRequestCase {
  name: string;
  method: 'get' | 'post' | 'put' | 'delete';
  path: string;
  /** An object is sent as JSON; a string as is, with `type`. */
  body?: object | string;
  type?: string;
  headers?: Record<string, string>;
  expect?: number;
}

const UUID = '0193a3c4-5e6f-7a8b-9c0d-1e2f3a4b5c6d';
const deep = (n: number) => '['.repeat(n) + ']'.repeat(n);
const deepObject = (n: number) => '{"a":'.repeat(n) + '1' + '}'.repeat(n);

/** Every route of the demo that takes a request body. */
const WRITE_ROUTES = [
  '/auth/login',
  '/auth/logout',
  `/admin/notifications/read/${UUID}`,
  '/admin/notifications/read-all',
  '/admin/notifications/send',
  '/admin/notifications/counts',
  `/admin/notifications/messages/${UUID}/seen`,
  `/admin/notifications/messages/${UUID}/read`,
  `/admin/notifications/messages/${UUID}/unread`,
  `/admin/notifications/messages/${UUID}/archive`,
  `/admin/notifications/messages/${UUID}/unarchive`,
  `/admin/notifications/messages/${UUID}/unsnooze`,
  `/admin/notifications/messages/${UUID}/snooze`,
  `/admin/notifications/messages/${UUID}/actions/go`,
  '/admin/notifications/bulk/seen',
  '/admin/notifications/bulk/read',
  '/admin/notifications/bulk/archive',
  '/admin/notifications/token',
  '/admin/deliveries/send',
  '/admin/deliveries/dlv_demo/feedback',
  '/channels/sms',
  '/channels/push',
  '/channels/mail',
  '/channels/email', // the alias of /channels/mail
  '/slos/samples',
  '/admin/preferences',
  '/admin/suppressions',
  `/admin/suppressions/${'0'.repeat(64)}/lift`,
];

/** Bodies no route may accept, refused at the parser whatever the route: [name, body, type, status]. */
const PARSER_CASES: Array<[string, string, string, number]> = [
  ['JSON nested 5,000 deep (arrays)', `{"title":${deep(5000)}}`, 'application/json', 400],
  ['JSON nested 5,000 deep (objects)', deepObject(5000), 'application/json', 400],
  ['JSON one level past the depth limit', deep(33), 'application/json', 400],
  ['__proto__ as a JSON key', '{"__proto__":{"polluted":"yes"},"x":1}', 'application/json', 400],
  [
    'constructor.prototype as JSON keys',
    '{"constructor":{"prototype":{"polluted":"yes"}}}',
    'application/json',
    400,
  ],
  ['escaped __proto__ key', '{"\\u005f_proto__":{"polluted":"yes"}}', 'application/json', 400],
  [
    'prototype as a nested key',
    '{"a":[{"prototype":{"polluted":"yes"}}]}',
    'application/json',
    400,
  ],
  [
    '__proto__ as a form key',
    '__proto__[polluted]=yes&user=alice',
    'application/x-www-form-urlencoded',
    400,
  ],
  [
    'constructor as a form key',
    'constructor[prototype][polluted]=yes',
    'application/x-www-form-urlencoded',
    400,
  ],
  ['truncated JSON', '{"title":', 'application/json', 400],
  [
    'JSON in a charset other than UTF-8',
    '{"title":"x"}',
    'application/json; charset=utf-16le',
    415,
  ],
];

/** Routes that take a body with another method than POST. */
const OTHER_WRITE_ROUTES: Array<['put' | 'delete', string]> = [
  ['put', '/admin/notifications/preferences'],
  ['delete', `/admin/notifications/messages/${UUID}`],
];

function routeCases(): BadRequestCase[] {
  const cases: BadRequestCase[] = [];
  for (const [method, path] of OTHER_WRITE_ROUTES) {
    for (const [name, body, type, status] of PARSER_CASES) {
      cases.push({
        name: `${name} → ${method.toUpperCase()} ${path}`,
        method,
        path,
        body,
        type,
        expect: status,
      });
    }
    cases.push({
      name: `body past the size limit → ${method.toUpperCase()} ${path}`,
      method,
      path,
      body: `{"x":"${'y'.repeat(200_000)}"}`,
      type: 'application/json',
      expect: 413,
    });
  }
  for (const path of WRITE_ROUTES) {
    for (const [name, body, type, status] of PARSER_CASES) {
      cases.push({ name: `${name} → ${path}`, method: 'post', path, body, type, expect: status });
    }
    cases.push(
      {
        name: `top-level JSON array → ${path}`,
        method: 'post',
        path,
        body: '[1,"x",null]',
        type: 'application/json',
      },
      {
        name: `every field null → ${path}`,
        method: 'post',
        path,
        body: '{"to":null,"title":null,"user":null,"metric":null,"scenario":null}',
        type: 'application/json',
      },
      {
        name: `body past the size limit → ${path}`,
        method: 'post',
        path,
        body: `{"x":"${'y'.repeat(200_000)}"}`,
        type: 'application/json',
        expect: 413,
      },
      {
        name: `unknown content encoding → ${path}`,
        method: 'post',
        path,
        body: '{}',
        type: 'application/json',
        headers: { 'Content-Encoding': 'bogus' },
        expect: 415,
      },
    );
  }
  return cases;
}

const post = (path: string, body: object, expect?: number, name?: string): BadRequestCase => ({
  name: name ?? `${path} ${JSON.stringify(body).slice(0, 60)}`,
  method: 'post',
  path,
  body,
  expect,
});
const get = (path: string, expect?: number): BadRequestCase => ({
  name: `GET ${path.slice(0, 80)}`,
  method: 'get',
  path,
  expect,
});

/** Wrong types, NUL bytes, enum values that name Object.prototype members, per route. */
const FIELD_CASES: BadRequestCase[] = [
  post('/admin/preferences', {}, 400),
  post('/admin/preferences', { category: 'demo', channel: 'fax', enabled: 'off' }, 400),
  post('/admin/preferences', { category: '', channel: 'mail', enabled: 'off' }, 400),
  post('/admin/preferences', { category: 'de\u0000mo', channel: 'mail', enabled: 'off' }, 400),
  post('/admin/preferences', { category: 'x'.repeat(101), channel: 'mail', enabled: 'off' }, 400),
  post('/admin/preferences', { category: 'demo', channel: 'mail', enabled: true }, 400),
  post('/admin/preferences', { category: { a: 1 }, channel: 'mail', enabled: 'off' }, 400),
  post('/admin/preferences', { category: 'demo', channel: ['mail'], enabled: 'off' }, 400),
  post('/admin/preferences', { category: 'demo', channel: 'mail', enabled: 'off', x: 1 }, 400),
  post('/auth/login', { user: 42 }, 400),
  post('/auth/login', { user: ['alice'] }, 400),
  post('/auth/login', { user: { id: 'alice' } }, 400),
  post('/auth/login', { user: '__proto__' }, 400),
  post('/auth/login', { user: 'constructor' }, 400),
  post('/auth/login', { user: 'toString' }, 400),
  post('/auth/login', { user: 'ali\u0000ce' }, 400),
  post('/auth/login', { user: 'alice', next: 7 }, 400),
  post('/auth/login', { user: 'alice', next: ['/admin'] }, 400),
  post('/auth/login', { user: 'alice', role: 'admin' }, 400),
  post('/auth/login', {}, 400),
  post('/admin/notifications/send', {}, 400),
  post('/admin/notifications/send', { title: 5 }, 400),
  post('/admin/notifications/send', { title: ['a', 'b'] }, 400),
  post('/admin/notifications/send', { title: { a: 1 } }, 400),
  post('/admin/notifications/send', { title: 'a\u0000b' }, 400, 'NUL in the inbox title'),
  post(
    '/admin/notifications/send',
    { title: 'x', category: 'o\u0000ps' },
    400,
    'NUL in the category',
  ),
  post(
    '/admin/notifications/send',
    { title: 'x', user_id: 'bob\u0000' },
    400,
    'NUL in the user id',
  ),
  post('/admin/notifications/send', { title: 'x', body: 'a\u0000b' }, 400, 'NUL in the body'),
  post(
    '/admin/notifications/send',
    { title: 'x', action_url: '/a\u0000' },
    400,
    'NUL in the action URL',
  ),
  post('/admin/notifications/send', { title: 'line\r\nbreak' }, 400, 'CR LF in the title'),
  post('/admin/notifications/send', { title: 'x', user_id: 12 }, 400),
  post('/admin/notifications/send', { title: 'x', user_id: '' }, 400),
  post('/admin/notifications/send', { title: 'x', body: { html: '<b>' } }, 400),
  post('/admin/notifications/send', { title: 'x', action_url: 'javascript:alert(1)' }, 400),
  post('/admin/notifications/send', { title: 'x'.repeat(501) }, 400),
  post('/admin/notifications/send', { title: 'x', user_id: 'u'.repeat(256) }, 400),
  post(`/admin/notifications/read/not-a-uuid`, {}, 400),
  post(`/admin/notifications/read/${UUID}%00`, {}, 400),
  post(`/admin/notifications/read/__proto__`, {}, 400),
  post(`/admin/notifications/read/${'f'.repeat(5000)}`, {}, 400),
  post(`/admin/notifications/read/${UUID}`, {}, 404, 'read of an unknown message'),
  post('/admin/deliveries/send', { scenario: '__proto__' }, 400),
  post('/admin/deliveries/send', { scenario: 'constructor' }, 400),
  post('/admin/deliveries/send', { scenario: 'prototype' }, 400),
  post('/admin/deliveries/send', { scenario: 'hasOwnProperty' }, 400),
  post('/admin/deliveries/send', { scenario: 3 }, 400),
  post('/admin/deliveries/send', { scenario: 'ok', to: 15005550006 }, 400),
  post('/admin/deliveries/send', { scenario: 'ok', to: ['+15005550006'] }, 400),
  post('/admin/deliveries/send', { scenario: 'ok', to: { n: 1 } }, 400),
  post('/admin/deliveries/send', { scenario: 'ok', to: '+1500\u00005550006' }, 400),
  post('/admin/deliveries/dlv_demo/feedback', { status: '__proto__' }, 400),
  post('/admin/deliveries/dlv_demo/feedback', { status: ['delivered'] }, 400),
  post('/admin/deliveries/dlv_demo/feedback', {}, 400),
  post('/admin/deliveries/dlv_demo/feedback', { status: 'delivered', extra: 1 }, 400),
  post('/admin/deliveries/dlv_demo/feedback', { status: 'delivered' }, 404),
  post('/channels/sms', { to: 15005550006, body: 'x' }, 400),
  post('/channels/sms', { to: ['+15005550006'], body: 'x' }, 400),
  post('/channels/sms', { to: '+15005550006', body: { text: 'x' } }, 400),
  post('/channels/sms', { to: '+1500\u00005550006', body: 'x' }, 400),
  post('/channels/sms', {}, 400),
  post('/channels/push', { token: 12345, title: 'x' }, 400),
  post('/channels/push', { token: 'device-token', title: ['x'] }, 400),
  post('/channels/push', { token: { a: 1 } }, 400),
  post('/channels/push', { token: 'dev\u0000ice' }, 400),
  post('/channels/mail', { to: { address: 'a@example.com' }, subject: 'x' }, 400),
  post('/channels/email', { to: 42, subject: 'x' }, 400),
  post('/channels/email', { to: 'ada@example.com', subject: ['x'] }, 400),
  post('/channels/email', { to: 'ada@example.com', subject: 'x', html: 5 }, 400),
  post('/channels/email', { to: 'ada@example.com', subject: 'a\u0000b' }, 400),
  post('/slos/samples', { metric: { name: 'demo.checkout.latency' }, valueMs: 1 }, 400),
  post('/slos/samples', { metric: ['demo.checkout.latency'], valueMs: 1 }, 400),
  post('/slos/samples', { metric: '__proto__', valueMs: 1 }, 400),
  post('/slos/samples', { metric: 'constructor', valueMs: 1 }, 400),
  post('/slos/samples', { metric: 'prototype', valueMs: 1 }, 400),
  post('/slos/samples', { metric: 'demo.checkout.latency', valueMs: { ms: 1 } }, 400),
  post('/slos/samples', { metric: 'demo.checkout.latency', valueMs: 'NaN' }, 400),
  post('/slos/samples', { metric: 'demo.checkout.latency', valueMs: -1 }, 400),
  post('/slos/samples', { metric: 'demo.checkout.latency', valueMs: 1, count: 0 }, 400),
  post('/slos/samples', { metric: 'demo.checkout.latency', valueMs: 1, count: 1e9 }, 400),
  post('/slos/samples', { metric: 'demo.checkout.latency', valueMs: 1, count: 1.5 }, 400),
  post('/slos/samples', { metric: 'demo.checkout.latency', valueMs: 1, count: [2] }, 400),
  post('/slos/samples', { metric: 'demo.checkout.latency', valueMs: 1, extra: true }, 400),
  get('/assets/herald-inbox-0000000000000000.js', 404),
  get('/assets/..%2F..%2Fpackage.json', 404),
  get('/assets/herald-inbox.js%00', 404),
  get('/assets/__proto__', 404),
  get('/assets/herald-inbox.js?__proto__=1', 400),
  // The inbox contract's routes (docs/inbox-contract.md).
  post('/admin/notifications/counts', {}, 400, 'counts without tabs'),
  post('/admin/notifications/counts', { tabs: [] }, 400, 'counts with tabs as a list'),
  post('/admin/notifications/counts', { tabs: 'all' }, 400),
  post('/admin/notifications/counts', { tabs: {} }, 400, 'counts of no tab'),
  post('/admin/notifications/counts', { tabs: { all: { status: '__proto__' } } }, 400),
  post('/admin/notifications/counts', { tabs: { all: { read: 'yes' } } }, 400),
  post('/admin/notifications/counts', { tabs: { all: { tags: 'ops' } } }, 400),
  post('/admin/notifications/counts', { tabs: { all: { tags: ['o\u0000ps'] } } }, 400),
  post('/admin/notifications/counts', { tabs: { all: { severity: ['urgent'] } } }, 400),
  post('/admin/notifications/counts', { tabs: { all: { colour: 'red' } } }, 400),
  post('/admin/notifications/counts', { tabs: { 'a b': {} } }, 400, 'a tab id with a space'),
  post('/admin/notifications/counts', { tabs: { all: null } }, 400, 'a null tab filter'),
  post(
    '/admin/notifications/counts',
    { tabs: Object.fromEntries(Array.from({ length: 21 }, (_, i) => [`t${i}`, {}])) },
    400,
    'counts of 21 tabs',
  ),
  post('/admin/notifications/counts', { tabs: { all: {} }, extra: 1 }, 400),
  ...['seen', 'read', 'unread', 'archive', 'unarchive', 'unsnooze'].flatMap((change) => [
    post(`/admin/notifications/messages/not-a-uuid/${change}`, {}, 400),
    post(`/admin/notifications/messages/__proto__/${change}`, {}, 400),
    post(`/admin/notifications/messages/${UUID}%00/${change}`, {}, 400),
    post(
      `/admin/notifications/messages/${UUID}/${change}`,
      {},
      404,
      `${change} of an unknown message`,
    ),
  ]),
  post(`/admin/notifications/messages/${UUID}/snooze`, {}, 400, 'snooze without until'),
  post(`/admin/notifications/messages/${UUID}/snooze`, { until: 'tomorrow' }, 400),
  post(`/admin/notifications/messages/${UUID}/snooze`, { until: 1893456000000 }, 400),
  post(`/admin/notifications/messages/${UUID}/snooze`, { until: ['2030-01-01T00:00:00Z'] }, 400),
  post(`/admin/notifications/messages/${UUID}/snooze`, { until: '2030-02-30T00:00:00Z' }, 400),
  post(`/admin/notifications/messages/${UUID}/snooze`, { until: '+275760-09-13T00:00:01Z' }, 400),
  post(
    `/admin/notifications/messages/${UUID}/snooze`,
    { until: '2999-01-01T00:00:00Z', extra: true },
    400,
  ),
  post(
    `/admin/notifications/messages/${UUID}/snooze`,
    { until: '2999-01-01T00:00:00Z' },
    404,
    'snooze of an unknown message',
  ),
  post('/admin/notifications/messages/not-a-uuid/snooze', { until: '2999-01-01T00:00:00Z' }, 400),
  post(`/admin/notifications/messages/${UUID}/actions/bad%20id`, {}, 400),
  post(`/admin/notifications/messages/${UUID}/actions/${'a'.repeat(65)}`, {}, 400),
  post(`/admin/notifications/messages/${UUID}/actions/%00`, {}, 400),
  post(`/admin/notifications/messages/not-a-uuid/actions/go`, {}, 400),
  post(`/admin/notifications/messages/${UUID}/actions/go`, {}, 404, 'action of an unknown message'),
  {
    name: 'DELETE of a malformed message id',
    method: 'delete',
    path: '/admin/notifications/messages/not-a-uuid',
    expect: 400,
  },
  {
    name: 'DELETE of __proto__',
    method: 'delete',
    path: '/admin/notifications/messages/__proto__',
    expect: 400,
  },
  {
    name: 'DELETE of an unknown message',
    method: 'delete',
    path: `/admin/notifications/messages/${UUID}`,
    expect: 404,
  },
  ...['seen', 'read', 'archive'].flatMap((change) => [
    post(`/admin/notifications/bulk/${change}`, { filter: 'all' }, 400),
    post(`/admin/notifications/bulk/${change}`, { filter: [] }, 400),
    post(`/admin/notifications/bulk/${change}`, { filter: { status: 'constructor' } }, 400),
    post(`/admin/notifications/bulk/${change}`, { filter: { tags: [''] } }, 400),
    post(`/admin/notifications/bulk/${change}`, { filter: { tags: ['x'.repeat(65)] } }, 400),
    post(`/admin/notifications/bulk/${change}`, { filter: { seen: 1 } }, 400),
    post(`/admin/notifications/bulk/${change}`, { filter: { x: 1 } }, 400),
    post(`/admin/notifications/bulk/${change}`, { change: 'read' }, 400),
  ]),
  ...[
    {},
    { category: 'demo', channel: 'mail' },
    { category: 'demo', channel: 'mail', enabled: 'off' },
    { category: 'demo', channel: 'mail', enabled: 1 },
    { category: '', channel: 'mail', enabled: true },
    { category: 'de\u0000mo', channel: 'mail', enabled: true },
    { category: 'x'.repeat(101), channel: 'mail', enabled: true },
    { category: ['demo'], channel: 'mail', enabled: true },
    { category: 'demo', channel: { c: 1 }, enabled: true },
    { category: '__proto__', channel: 'mail', enabled: true },
    { category: 'weather', channel: 'mail', enabled: true },
    { category: 'demo', channel: 'fax', enabled: true },
    { category: 'demo', channel: 'mail', enabled: true, extra: 1 },
  ].map((body): BadRequestCase => ({
    name: `PUT /admin/notifications/preferences ${JSON.stringify(body).slice(0, 60)}`,
    method: 'put',
    path: '/admin/notifications/preferences',
    body,
    expect: 400,
  })),
  post('/admin/notifications/send', { title: 'x', tags: 'ops' }, 400),
  post('/admin/notifications/send', { title: 'x', tags: Array(11).fill('t') }, 400),
  post('/admin/notifications/send', { title: 'x', tags: ['o\u0000ps'] }, 400),
  post('/admin/notifications/send', { title: 'x', severity: 'urgent' }, 400),
  post('/admin/notifications/send', { title: 'x', actions: 'go' }, 400),
  post('/admin/notifications/send', { title: 'x', actions: [{ label: 'Go' }] }, 400),
  post(
    '/admin/notifications/send',
    { title: 'x', actions: [{ label: 'Go', url: '/a', action_id: 'go' }] },
    400,
    'an action with both url and action_id',
  ),
  post(
    '/admin/notifications/send',
    { title: 'x', actions: [{ label: 'Go', url: 'javascript:alert(1)' }] },
    400,
  ),
  post(
    '/admin/notifications/send',
    { title: 'x', actions: [{ label: 'Go', action_id: 'a b' }] },
    400,
  ),
  post(
    '/admin/notifications/send',
    { title: 'x', actions: [1, 2, 3].map((n) => ({ label: `A${n}`, action_id: `a${n}` })) },
    400,
    'three actions',
  ),
  post(
    '/admin/notifications/send',
    { title: 'x', actions: [{ label: 'Go', action_id: 'g', x: 1 }] },
    400,
  ),
  post('/admin/notifications/token', { user_id: 'bob' }, 400, 'a token for a named user'),
  get('/admin/notifications/inbox?status=__proto__', 400),
  get('/admin/notifications/inbox?status=archived&status=all', 400),
  get('/admin/notifications/inbox?read=maybe', 400),
  get('/admin/notifications/inbox?seen=%00', 400),
  get(`/admin/notifications/inbox?tags=${Array(11).fill('t').join(',')}`, 400),
  get('/admin/notifications/inbox?tags=a,,b', 400),
  get('/admin/notifications/inbox?tags=%00', 400),
  get(`/admin/notifications/inbox?tags=${'x'.repeat(65)}`, 400),
  get('/admin/notifications/inbox?tags[a]=1', 400),
  get('/admin/notifications/inbox?severity=urgent', 400),
  get('/admin/notifications/inbox?severity=low,constructor', 400),
  get('/admin/notifications/inbox?tags=ops&severity=high,critical&seen=false&status=all', 200),
  get('/admin/notifications/preferences?x=1', 200),
  {
    name: 'a subscriber token in the query of a write',
    method: 'post',
    path: '/admin/notifications/bulk/read?token=abc.def',
    headers: { Authorization: '' },
    body: {},
    expect: 401,
  },
  {
    name: 'a forged subscriber token on the stream',
    method: 'get',
    path: '/admin/notifications/stream?token=eyJzdWIiOiJib2IiLCJleHAiOjk5OTk5OTk5OTl9.AAAA',
    headers: { Authorization: '' },
    expect: 401,
  },
  get('/admin/notifications/inbox?cursor=zzzz', 400),
  get(`/admin/notifications/inbox?cursor=${Buffer.from(`1.${UUID}`).toString('base64url')}`),
  get(
    `/admin/notifications/inbox?cursor=${Buffer.from(`9999999999999999.${UUID}`).toString('base64url')}`,
  ),
  get(
    `/admin/notifications/inbox?cursor=${Buffer.from(`1.${UUID.toUpperCase()}`).toString('base64url')}`,
    400,
  ),
  get(
    `/admin/notifications/inbox?cursor=${Buffer.from(`99999999999999999.${UUID}`).toString('base64url')}`,
    400,
  ),
  get('/admin/notifications/inbox?cursor=%00', 400),
  get('/admin/notifications/inbox?cursor=a&cursor=b', 400),
  get('/admin/notifications/inbox?limit=-1', 400),
  get('/admin/notifications/inbox?limit=abc', 400),
  get('/admin/notifications/inbox?limit=1e20', 400),
  get('/admin/notifications/inbox?unread_only=maybe', 400),
  get('/admin/notifications/inbox?__proto__=1', 400),
  get('/admin/notifications/inbox?constructor=1', 400),
  get('/admin/deliveries.json?status=__proto__', 400),
  get('/admin/deliveries.json?status=constructor', 400),
  get('/admin/deliveries.json?status=a&status=b', 400),
  get('/admin/deliveries.json?limit=-5', 400),
  get('/admin/deliveries.json?limit=abc', 400),
  get('/admin/deliveries.json?limit=1e12', 400),
  get('/tracing/orders/99999999999999999999', 400),
  get('/tracing/orders/-1', 400),
  get('/tracing/orders/abc', 400),
  get('/tracing/orders/1.5', 400),
  get('/tracing/orders/%00', 400),
  get('/tracing/orders/%FF', 400),
  get('/auth/login?next=%00', 200),
  get('/auth/login?next=javascript:alert(1)', 200),
  get('/channels?notice=%3Cscript%3E', 200),
  get('/errors/not-found', 404),
  get('/admin/notifications?cursor=forged', 200),
  get('/admin/notifications?cursor=%00&filter=unread', 200),
  get('/admin/notifications?cursor[a]=1&filter[b]=2', 200),
  get('/admin/notifications?__proto__[polluted]=yes', 400),
  get('/admin/deliveries?status=%00', 200),
  // Numeric query parameters: integers within bounds, digits only (issue 22.8).
  ...['/admin/suppressions.json', '/admin/suppressions'].flatMap((path) => [
    get(`${path}?offset=1e20`, 400),
    get(`${path}?offset=9223372036854775808`, 400),
    get(`${path}?offset=9223372036854775807`, 400),
    get(`${path}?offset=18446744073709551616`, 400),
    get(`${path}?offset=${'9'.repeat(400)}`, 400),
    get(`${path}?offset=1000001`, 400),
    get(`${path}?offset=-1`, 400),
    get(`${path}?offset=1.5`, 400),
    get(`${path}?offset=0x10`, 400),
    get(`${path}?offset=Infinity`, 400),
    get(`${path}?offset=NaN`, 400),
    get(`${path}?offset=`, 400),
    get(`${path}?offset[]=1`, 400),
    get(`${path}?offset=1&offset=2`, 400),
    get(`${path}?offset=1000000`, 200),
    get(`${path}?limit=1e20`, 400),
    get(`${path}?limit=9223372036854775808`, 400),
    get(`${path}?limit=501`, 400),
    get(`${path}?limit=0`, 400),
    get(`${path}?address=a%00b`, 400),
    get(`${path}?channel=__proto__`, 400),
  ]),
  // The notification preview page: each query value one of the page's own lists.
  get('/admin/previews', 200),
  get('/admin/previews?class=sign-in-code&channel=sms&recipient=layla&locale=ar', 200),
  get('/admin/previews?class=__proto__', 400),
  get('/admin/previews?class=constructor', 400),
  get('/admin/previews?class=DemoWelcome', 400),
  get('/admin/previews?class=a&class=b', 400),
  get('/admin/previews?class[a]=1', 400),
  get('/admin/previews?class=%00', 400),
  get('/admin/previews?channel=fax', 400),
  get('/admin/previews?channel=webhook', 400),
  get('/admin/previews?channel=hasOwnProperty', 400),
  get('/admin/previews?channel[]=sms', 400),
  get('/admin/previews?locale=fr', 400),
  get('/admin/previews?locale=en-US', 400),
  get('/admin/previews?locale=%3Cscript%3E', 400),
  get('/admin/previews?locale=', 400),
  get('/admin/previews?recipient=bob', 400),
  get('/admin/previews?recipient=toString', 400),
  get('/admin/previews?extra=1', 400),
  get(`/admin/previews?class=${'x'.repeat(10_000)}`, 400),
  get('/admin/deliveries/notifications.json?limit=1e20', 400),
  get('/admin/deliveries/notifications.json?limit=9223372036854775808', 400),
  get('/admin/deliveries/notifications.json?limit=101', 400),
  get('/admin/deliveries/notifications.json?limit=-1', 400),
  get('/admin/deliveries.json?limit=9223372036854775808', 400),
  get('/admin/deliveries.json?limit=1.0', 400),
  get('/admin/notifications/inbox?limit=9223372036854775808', 400),
  get('/admin/notifications/inbox?limit=1001', 400),
  get('/admin/notifications/inbox?limit=%2B5', 400),
  post('/slos/samples', { metric: 'demo.checkout.latency', valueMs: 1e308 }, 400),
  post('/slos/samples', { metric: 'demo.checkout.latency', valueMs: '1e20' }, 400),
  post('/admin/suppressions', { channel: 'mail', address: 'a\u0000b@example.com' }, 400),
  post(
    '/admin/suppressions',
    { channel: 'mail', address: 'a@example.com', category: 'c\u0007' },
    400,
  ),
  post('/admin/suppressions', { channel: '__proto__', address: 'a@example.com' }, 400),
  post('/admin/suppressions', { channel: 'push', address: 12 }, 400),
  post(`/admin/suppressions/${'0'.repeat(64)}/lift`, {}, 404),
  post('/admin/suppressions/__proto__/lift', {}, 400),
  {
    name: 'a garbled session cookie and no bearer token',
    method: 'get',
    path: '/admin/notifications/inbox',
    headers: { Authorization: '', Cookie: 'herald_session=%E0%A4%A' },
    expect: 401,
  },
  {
    name: 'an Authorization header of the Bearer scheme with two tokens',
    method: 'get',
    path: '/admin/suppressions.json',
    headers: { Authorization: 'Bearer a b' },
    expect: 401,
  },
];

/** A stack frame, a source path or a module path: what an error body must never show. */
const STACK_TRACE = /(^|\n|\\n)\s*at \S|\(\/[^)]*:\d+:\d+\)|node_modules|\.[jt]s:\d+|\/work\//;

const CASES = [...routeCases(), ...FIELD_CASES];

describe.each([
  [
    'SQLite',
    async () => ({ env: { DEMO_DATABASE_URL: 'sqlite::memory:' }, close: async () => {} }),
  ],
  ['PostgreSQL', openDemoPostgresSchema],
] as const)('the demo answers malformed requests without a 500 (%s)', (_db, openDatabase) => {
  let app: INestApplication;
  let token: string;
  let database: { close(): Promise<void> };

  beforeAll(async () => {
    const opened = await openDatabase();
    database = opened;
    ({ app } = await withEnv(opened.env, () => startDemoApp()));
    token = await loginAs(app, 'alice');
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  it('covers at least 100 malformed requests over every write route', () => {
    expect(CASES.length).toBeGreaterThanOrEqual(100);
    for (const path of WRITE_ROUTES) {
      expect(CASES.filter((c) => c.path === path && c.method === 'post').length).toBeGreaterThan(
        10,
      );
    }
    for (const [method, path] of OTHER_WRITE_ROUTES) {
      expect(CASES.filter((c) => c.path === path && c.method === method).length).toBeGreaterThan(
        10,
      );
    }
  });

  it.each(CASES.map((c) => [c.name, c] as const))('%s', async (_name, c) => {
    let req = request(app.getHttpServer())[c.method](c.path).set(bearer(token));
    for (const [key, value] of Object.entries(c.headers ?? {})) req = req.set(key, value);
    if (typeof c.body === 'string') req = req.set('Content-Type', c.type!).send(c.body);
    else if (c.body !== undefined) req = req.set('Accept', 'application/json').send(c.body);
    const res = await req;
    expect(res.status).toBeLessThan(500);
    if (c.expect !== undefined) expect(res.status).toBe(c.expect);
    expect(res.text).not.toMatch(STACK_TRACE);
  });

  it('left Object.prototype unpolluted and the app serving', async () => {
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.prototype.hasOwnProperty.call(Object.prototype, 'polluted')).toBe(false);
    const inbox = await request(app.getHttpServer())
      .get('/admin/notifications/inbox')
      .set(bearer(token))
      .expect(200);
    expect(inbox.body.notifications.length).toBeGreaterThan(0);
  });
});

describe('the JSON depth limit is configurable (DEMO_JSON_MAX_DEPTH)', () => {
  let app: INestApplication;
  beforeAll(async () => {
    ({ app } = await withEnv({ DEMO_JSON_MAX_DEPTH: '3' }, () => startDemoApp()));
  });
  afterAll(() => app.close());

  it('refuses one level past the configured depth and parses the rest', async () => {
    const body = (depth: number) => `{"user":"alice","next":${deep(depth - 1)}}`;
    const refused = await request(app.getHttpServer())
      .post('/auth/login')
      .set('Content-Type', 'application/json')
      .send(body(4))
      .expect(400);
    expect(refused.body.message).toBe('JSON body nests objects and arrays deeper than 3 levels');
    // depth 3 reaches validation: `next` is not a string
    const parsed = await request(app.getHttpServer())
      .post('/auth/login')
      .set('Content-Type', 'application/json')
      .send(body(3))
      .expect(400);
    expect(parsed.body.message).toEqual(expect.arrayContaining(['next must be a string']));
  });
});
