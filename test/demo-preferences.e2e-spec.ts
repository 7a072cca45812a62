import type { INestApplication } from '@nestjs/common';
import { NOTIFICATION_PREFERENCE_STORE } from '@herald/notification';
import { DatabaseNotificationPreferenceStore } from '@herald/notification/typeorm';
import { startDemoApp } from './helpers/demo-app.js';
import { openDemoPostgresSchema } from './helpers/demo-postgres.js';
import { bearer, loginAs } from './helpers/inbox-demo.js';
import { withEnv } from './helpers/with-env.js';

interface Effective {
  category: string;
  channel: string;
  enabled: boolean;
  source: 'user' | 'default';
}

describe.each([
  [
    'SQLite',
    async () => ({ env: { DEMO_DATABASE_URL: 'sqlite::memory:' }, close: async () => {} }),
  ],
  ['PostgreSQL', openDemoPostgresSchema],
] as const)('demo: notification preferences (/admin/preferences) on %s', (_db, openDatabase) => {
  let app: INestApplication;
  let url: string;
  let token: string;
  let database: { close(): Promise<void> };

  beforeAll(async () => {
    const opened = await openDatabase();
    database = opened;
    ({ app, url } = await withEnv(opened.env, () => startDemoApp()));
    token = await loginAs(app, 'bob');
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  const post = (body: Record<string, unknown>, headers: Record<string, string> = bearer(token)) =>
    fetch(`${url}/admin/preferences`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/json', accept: 'application/json', ...headers },
      body: JSON.stringify(body),
    });
  const mine = async (): Promise<{ preferences: Effective[]; csrfToken: string }> =>
    (await fetch(`${url}/admin/preferences.json`, { headers: bearer(token) })).json() as never;

  it("keeps the preferences in the demo's database", () => {
    expect(app.get(NOTIFICATION_PREFERENCE_STORE)).toBeInstanceOf(
      DatabaseNotificationPreferenceStore,
    );
  });

  it('needs a signed-in user', async () => {
    expect((await fetch(`${url}/admin/preferences.json`)).status).toBe(401);
    expect((await post({ category: 'demo', channel: 'mail', enabled: 'off' }, {})).status).toBe(
      401,
    );
  });

  it('turns mail off for the demo category; the next notification records the mail suppressed', async () => {
    const before = await mine();
    expect(before.preferences).toContainEqual({
      category: 'demo',
      channel: 'mail',
      enabled: true,
      source: 'default',
    });
    const res = await post({ category: 'demo', channel: 'mail', enabled: 'off' });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { preferences: Effective[] };
    expect(body.preferences).toContainEqual({
      category: 'demo',
      channel: 'mail',
      enabled: false,
      source: 'user',
    });
    const notified = await fetch(`${url}/admin/deliveries/notify`, {
      method: 'POST',
      headers: { ...bearer(token), 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ user: 'bob' }),
    });
    const result = (await notified.json()) as {
      deliveries: Array<{ channel: string; status: string; reason?: string }>;
    };
    expect(result.deliveries.find((d) => d.channel === 'mail')).toMatchObject({
      status: 'suppressed',
      reason: 'preference: the user turned mail off for category "demo"',
    });
    expect(result.deliveries.find((d) => d.channel === 'inbox')?.status).toBe('sent');

    expect((await post({ category: 'demo', channel: 'mail', enabled: 'default' })).status).toBe(
      200,
    );
    expect((await mine()).preferences).toContainEqual({
      category: 'demo',
      channel: 'mail',
      enabled: true,
      source: 'default',
    });
  });

  it('a form post signed in by the session cookie needs the CSRF token of its user', async () => {
    const cookie = { cookie: `herald_session=${encodeURIComponent(token)}` };
    const form = (fields: Record<string, string>) =>
      fetch(`${url}/admin/preferences`, {
        method: 'POST',
        redirect: 'manual',
        headers: {
          ...cookie,
          'content-type': 'application/x-www-form-urlencoded',
          accept: 'text/html',
        },
        body: new URLSearchParams(fields).toString(),
      });
    const fields = { category: 'demo', channel: 'sms', enabled: 'off' };
    expect((await form(fields)).status).toBe(403);
    const alice = await loginAs(app, 'alice');
    const aliceToken = (
      (await (await fetch(`${url}/admin/preferences.json`, { headers: bearer(alice) })).json()) as {
        csrfToken: string;
      }
    ).csrfToken;
    expect((await form({ ...fields, _csrf: aliceToken })).status).toBe(403);
    expect((await mine()).preferences.find((p) => p.channel === 'sms')?.source).toBe('default');

    const page = await (await fetch(`${url}/admin/preferences`, { headers: cookie })).text();
    const csrf = /name="_csrf" value="([^"]+)"/.exec(page)?.[1];
    expect(csrf).toBe((await mine()).csrfToken);
    const ok = await form({ ...fields, _csrf: csrf! });
    expect(ok.status).toBe(303);
    expect(ok.headers.get('location')).toBe('/admin/preferences');
    expect((await mine()).preferences.find((p) => p.channel === 'sms')).toMatchObject({
      enabled: false,
      source: 'user',
    });
  });

  it.each([
    [
      'an unknown channel',
      { category: 'demo', channel: 'fax', enabled: 'off' },
      'notification preference: channel must be one of sms, push, mail, chat, inbox, webhook (got "fax")',
    ],
    [
      'an empty category',
      { category: '', channel: 'mail', enabled: 'off' },
      'notification preference: category must be a non-empty string of at most 100 characters without control characters (got "")',
    ],
    [
      'a too long category',
      { category: 'c'.repeat(101), channel: 'mail', enabled: 'off' },
      'notification preference: category must be a non-empty string of at most 100 characters without control characters (got a string of 101 characters)',
    ],
    [
      'a far too long channel',
      { category: 'demo', channel: 'x'.repeat(5000), enabled: 'off' },
      'channel must be shorter than or equal to 1000 characters',
    ],
    [
      'a category this demo does not have',
      { category: '<b>billing</b>', channel: 'mail', enabled: 'off' },
      'category must be one of demo (got "<b>billing</b>")',
    ],
    [
      'an unknown enabled value',
      { category: 'demo', channel: 'mail', enabled: 'maybe' },
      'enabled must be one of on, off, default',
    ],
    [
      'a category that is not a string',
      { category: ['demo'], channel: 'mail', enabled: 'off' },
      'category must be a string',
    ],
  ])('refuses %s with 400 and a message naming the field', async (_, body, message) => {
    const before = (await mine()).preferences;
    const res = await post(body);
    expect(res.status).toBe(400);
    const answer = (await res.json()) as { message: string | string[] };
    expect([answer.message].flat()).toContain(message);
    expect((await mine()).preferences).toEqual(before);
  });
});
