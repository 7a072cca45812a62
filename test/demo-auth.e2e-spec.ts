import type { INestApplication } from '@nestjs/common';
import request from 'supertest';
import { startDemoApp } from './helpers/demo-app.js';
import { bearer, loginAs } from './helpers/inbox-demo.js';

/** The routes that send through the configured providers or feed the alerting. */
const SENDING_ROUTES: Array<[string, Record<string, unknown>]> = [
  ['/channels/sms', { to: '+15005550006', body: 'code 123456' }],
  ['/channels/push', { token: 'demo-device-token-0001', title: 'Hi' }],
  ['/channels/email', { to: 'ada@example.com', subject: 'Welcome' }],
  ['/slos/samples', { metric: 'demo.checkout.latency', valueMs: 900, count: 50 }],
];

/** `next` as a sign-in may receive it, and where the browser may go afterwards. */
const NEXT_CASES: Array<[string, string]> = [
  ['/admin/deliveries', '/admin/deliveries'],
  ['/channels?notice=hello', '/channels?notice=hello'],
  ['/slos#samples', '/slos#samples'],
  ['/\\evil.example', '/'],
  ['//evil.example', '/'],
  ['//evil.example/admin', '/'],
  ['/\\\\evil.example', '/'],
  ['\\\\evil.example', '/'],
  ['https://evil.example', '/'],
  ['http:evil.example', '/'],
  ['javascript:alert(1)', '/'],
  ['JaVaScRiPt:alert(1)', '/'],
  ['data:text/html,<script>alert(1)</script>', '/'],
  ['%2f%2fevil.example', '/'],
  ['/%2f%2fevil.example', '/'],
  ['/%2F/evil.example', '/'],
  ['/%5cevil.example', '/'],
  ['/%5C%5Cevil.example', '/'],
  ['/%252f%252fevil.example', '/'],
  ['/\t/evil.example', '/'],
  ['/\r\n/evil.example', '/'],
  ['/\n/evil.example', '/'],
  ['/ok\r\nSet-Cookie: herald_session=x', '/'],
  ['/ok%0d%0aSet-Cookie:%20x', '/'],
  ['/%09/evil.example', '/'],
  ['/%00', '/'],
  ['/%E0%A4%A', '/'],
  ['relative/path', '/'],
  ['', '/'],
  [' /admin', '/'],
  [`/${'a'.repeat(3000)}`, '/'],
];

describe('the demo: sending needs a signed-in user, and sign-in redirects stay on the site', () => {
  let app: INestApplication;
  let url: string;
  let token: string;
  const http = () => request(app.getHttpServer());

  beforeAll(async () => {
    ({ app, url } = await startDemoApp());
    token = await loginAs(app, 'alice');
  });
  afterAll(() => app.close());

  it.each(SENDING_ROUTES)('%s answers 401 JSON to an anonymous API client', async (path, body) => {
    const res = await http().post(path).send(body).expect(401);
    expect(res.body).toMatchObject({ statusCode: 401, message: expect.stringMatching(/Sign in/) });
    const forged = await http()
      .post(path)
      .set(bearer(`${token.split('.')[0]}.forged`))
      .send(body);
    expect(forged.status).toBe(401);
  });

  it.each(SENDING_ROUTES)(
    '%s sends a browser form back to the sign-in page, then to where it was',
    async (path, body) => {
      const res = await http()
        .post(path)
        .type('form')
        .set('Accept', 'text/html,application/xhtml+xml')
        .set('Referer', `${url}/${path.split('/')[1]}`)
        .send(body as Record<string, string>);
      expect(res.status).toBe(303);
      expect(res.headers.location).toBe(
        `/auth/login?next=${encodeURIComponent(`/${path.split('/')[1]}`)}`,
      );
    },
  );

  it('a foreign Referer never becomes the next page', async () => {
    const res = await http()
      .post('/channels/sms')
      .type('form')
      .set('Accept', 'text/html')
      .set('Referer', 'https://evil.example/channels')
      .send({ to: '+15005550006', body: 'x' });
    expect(res.status).toBe(303);
    expect(res.headers.location).toBe('/auth/login?next=%2F');
  });

  it('nothing was sent or recorded by the anonymous requests; a signed-in user sends', async () => {
    const before = await http().get('/channels/deliveries').expect(200);
    expect(before.body).toEqual([]);
    const state = await http().get('/slos/state').expect(200);
    expect(state.body.slos.every((s: { sampleCount: number }) => s.sampleCount === 0)).toBe(true);
    for (const [path, body] of SENDING_ROUTES) {
      const res = await http()
        .post(path)
        .set(bearer(token))
        .set('Accept', 'application/json')
        .send(body);
      expect(res.status).toBe(200);
    }
    const after = await http().get('/channels/deliveries').expect(200);
    expect(after.body.map((d: { channel: string }) => d.channel).sort()).toEqual([
      'mail',
      'push',
      'sms',
    ]);
  });

  it.each(NEXT_CASES.map(([next, safe]) => [JSON.stringify(next).slice(0, 50), next, safe]))(
    'next=%s: the sign-in form and the redirect go to %s',
    async (_label, next, safe) => {
      const form = await http().get('/auth/login').query({ next }).expect(200);
      expect(form.text).toContain(`name="next" value="${safe}"`);
      const login = await http().post('/auth/login').type('form').send({ user: 'bob', next });
      expect(login.status).toBe(303);
      expect(login.headers.location).toBe(safe);
    },
  );

  it('without next, a form sign-in lands on the inbox', async () => {
    const login = await http().post('/auth/login').type('form').send({ user: 'bob' });
    expect(login.status).toBe(303);
    expect(login.headers.location).toBe('/admin/notifications');
  });

  it('the 401 sign-in page of an admin page keeps only a local next', async () => {
    const page = await http()
      .get('/admin/notifications?unread_only=true')
      .set('Accept', 'text/html')
      .expect(401);
    expect(page.text).toContain('name="next" value="/admin/notifications?unread_only=true"');
  });
});

/** Every state-changing route that needs a user, with a body it accepts. */
const WRITES: Array<[string, Record<string, unknown>]> = [
  ['/admin/preferences', { category: 'demo', channel: 'mail', enabled: 'off' }],
  ['/admin/notifications/send', { title: 'csrf check' }],
  ['/admin/notifications/read/0193a3c4-5e6f-7a8b-9c0d-1e2f3a4b5c6d', {}],
  ['/admin/notifications/read-all', {}],
  ['/admin/suppressions', { channel: 'mail', address: 'csrf-check@example.com' }],
  [`/admin/suppressions/${'0'.repeat(64)}/lift`, {}],
  ['/admin/deliveries/send', { scenario: 'ok' }],
  ['/admin/deliveries/notify', {}],
  ['/admin/deliveries/dlv_demo/feedback', { status: 'delivered' }],
  ...SENDING_ROUTES,
];

describe('the demo: one guard decides cookie or bearer for every write', () => {
  let app: INestApplication;
  let url: string;
  let token: string;
  let csrfToken: string;
  const http = () => request(app.getHttpServer());
  const cookie = () => `herald_session=${encodeURIComponent(token)}`;
  /** A JSON write signed in by the session cookie, with `headers` on top. */
  const cookieWrite = (path: string, body: object, headers: Record<string, string> = {}) => {
    let req = http().post(path).set('Cookie', cookie()).set('Accept', 'application/json');
    for (const [key, value] of Object.entries(headers)) req = req.set(key, value);
    return req.send(body);
  };
  const passedGuard = (status: number) => status !== 401 && status !== 403 && status < 500;

  beforeAll(async () => {
    ({ app, url } = await startDemoApp());
    token = await loginAs(app, 'alice');
    csrfToken = (await http().get('/admin/preferences.json').set(bearer(token)).expect(200)).body
      .csrfToken;
  });
  afterAll(() => app.close());

  it.each(WRITES)('%s: a cookie write without token or Origin is 403', async (path, body) => {
    const res = await cookieWrite(path, body);
    expect(res.status).toBe(403);
    expect(res.body.message).toMatch(/missing or stale _csrf token/);
  });

  it.each(WRITES)(
    '%s: a cookie with an unusable "Authorization: Bearer a b" is 401, not a write without CSRF',
    async (path, body) => {
      for (const authorization of ['Bearer a b', 'Bearer', 'bearer  ', `Bearer ${token} x`]) {
        const res = await cookieWrite(path, body, { Authorization: authorization });
        expect(res.status).toBe(401);
        expect(res.body.message).toMatch(/Authorization header is malformed/);
      }
    },
  );

  it.each(WRITES)('%s: Origin null and foreign origins are refused', async (path, body) => {
    const refusals: Array<Record<string, string>> = [
      { Origin: 'null' },
      { Origin: 'null', 'X-CSRF-Token': csrfToken },
      { Origin: 'https://evil.example' },
      { Origin: 'https://evil.example', 'X-CSRF-Token': csrfToken },
      { Origin: 'not a url' },
      { 'Sec-Fetch-Site': 'cross-site', 'X-CSRF-Token': csrfToken },
      { 'Sec-Fetch-Site': 'same-site' },
    ];
    for (const headers of refusals) {
      const res = await cookieWrite(path, body, headers);
      expect([res.status, headers]).toEqual([403, headers]);
    }
    for (const headers of [{ Origin: 'null' }, { Origin: 'https://evil.example' }]) {
      const res = await http()
        .post(path)
        .set(bearer(token))
        .set(headers)
        .set('Accept', 'application/json')
        .send(body);
      expect(res.status).toBe(403);
    }
  });

  it.each(WRITES)(
    '%s: a cookie write passes with a matching Origin, the X-CSRF-Token header or the _csrf field',
    async (path, body) => {
      const viaOrigin = await cookieWrite(path, body, { Origin: new URL(url).origin });
      expect(passedGuard(viaOrigin.status)).toBe(true);
      const viaHeader = await cookieWrite(path, body, { 'X-CSRF-Token': csrfToken });
      expect(passedGuard(viaHeader.status)).toBe(true);
      const viaField = await cookieWrite(path, { ...body, _csrf: csrfToken });
      expect(passedGuard(viaField.status)).toBe(true);
      const bearerOnly = await http()
        .post(path)
        .set(bearer(token))
        .set('Accept', 'application/json')
        .send(body);
      expect(passedGuard(bearerOnly.status)).toBe(true);
    },
  );

  it('the refused writes changed nothing', async () => {
    await http()
      .post('/admin/preferences')
      .set('Cookie', cookie())
      .set('Authorization', 'Bearer a b')
      .send({ category: 'demo', channel: 'sms', enabled: 'off' })
      .expect(401);
    const mine = await http().get('/admin/preferences.json').set(bearer(token)).expect(200);
    expect(
      mine.body.preferences.find((p: { channel: string }) => p.channel === 'sms')?.source,
    ).toBe('default');
  });

  it('a garbled session cookie is no session (401), not a 500', async () => {
    const res = await http()
      .get('/admin/notifications/inbox')
      .set('Cookie', 'herald_session=%E0%A4%A')
      .expect(401);
    expect(res.body.message).toMatch(/Sign in first/);
  });

  it.each([
    ['/auth/login', { user: 'bob' }],
    ['/auth/logout', {}],
  ])(
    '%s refuses Origin null and foreign origins, and takes a same-site post',
    async (path, body) => {
      for (const origin of ['null', 'https://evil.example']) {
        await http().post(path).set('Origin', origin).send(body).expect(403);
      }
      await http().post(path).set('Sec-Fetch-Site', 'cross-site').send(body).expect(403);
      await http().post(path).set('Origin', new URL(url).origin).send(body).expect(200);
      await http().post(path).send(body).expect(200);
    },
  );
});
