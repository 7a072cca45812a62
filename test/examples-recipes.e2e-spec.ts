/**
 * The recipe controllers of examples/, mounted the way their comments tell a
 * user to, in small Nest apps, and exercised over HTTP: they are type-checked
 * by `npm run typecheck` and must keep working here too.
 */
import {
  Injectable,
  Module,
  type Provider,
  type CanActivate,
  type ExecutionContext,
  type INestApplication,
} from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { Test } from '@nestjs/testing';
import request from 'supertest';
import { DataSource } from 'typeorm';
import {
  HealthCheckCategory,
  MAILER,
  TRACER,
  type MailerProtocol,
  type TracerProtocol,
} from '@herald/contracts';
import { HealthCheckRunner, MonitorModule } from '@herald/monitor';
import { EventEmitter2, EventEmitterModule } from '@nestjs/event-emitter';
import {
  DeliveryError,
  INBOX_ACTION_EVENT,
  InboxLiveService,
  InboxModule,
  InboxService,
  NotificationPreferencesService,
  NotifierService,
  signInboxToken,
  type NotificationPreference,
} from '@herald/notification';
import { InMemoryMailer } from '@herald/notification/testing';
import {
  AddInboxMessageStates1736200000000,
  CreateInboxCounters1736700000000,
  AddInboxCounterBounds1736800000000,
  CreateInboxMessages1732300000000,
} from '@herald/notification/typeorm';
import { HealthController } from '../examples/health.controller.js';
import { InboxController } from '../examples/inbox.controller.js';
import { InboxPreferencesController } from '../examples/inbox/inbox-preferences.controller.js';
import { APP_TOPICS, INBOX_TOPICS } from '../examples/inbox/inbox-topics.js';
import type * as TokenRecipe from '../examples/inbox/inbox-token.js';
import { AppModule as ChannelsAppModule } from '../examples/channels/modules.js';
import { Welcome } from '../examples/channels/welcome.js';
import { welcome } from '../examples/delivery/own-channels.js';
import { AppModule as FirstAppModule } from '../examples/install/app.module.js';
import { AppModule as BillingAppModule, Billing } from '../examples/metrics/billing.js';
import { AppModule as NotifierAppModule, Orders } from '../examples/notifier/order-shipped.js';
import { Payments, sampled } from '../examples/tracing/spans.js';
import { SseClient } from './helpers/sse-client.js';
import { memorySqlite } from './helpers/sqlite.js';

/** The application's own guard, as the recipe expects one: it puts the signed-in user on `request.user`. */
@Injectable()
class SignedInUserGuard implements CanActivate {
  canActivate(ctx: ExecutionContext): boolean {
    const req = ctx.switchToHttp().getRequest<{ headers: Record<string, string>; user?: object }>();
    const user = req.headers['x-test-user'];
    if (user) req.user = { id: /^\d+$/.test(user) ? Number(user) : user };
    return true;
  }
}

/** The preference store `NotifierModule` would provide, in memory. */
class PreferenceStore {
  private readonly rows = new Map<string, NotificationPreference>();
  async set(input: Omit<NotificationPreference, 'updatedAt'>) {
    const row = { ...input, updatedAt: new Date() };
    this.rows.set(`${input.userId}\u0000${input.category}\u0000${input.channel}`, row);
    return row;
  }
  async unset(userId: string, category: string, channel: string) {
    return this.rows.delete(`${userId}\u0000${category}\u0000${channel}`);
  }
  async list(userId: string) {
    return [...this.rows.values()].filter((r) => r.userId === userId);
  }
  async listFor(userIds: readonly string[], category: string) {
    return [...this.rows.values()].filter(
      (r) => userIds.includes(r.userId) && r.category === category,
    );
  }
}

/** The recipe's module: the inbox, its live stream, preferences and the app's topics. */
function inboxRecipeModule(
  dataSource: DataSource,
  extra: Provider[],
  controllers: Array<new (...args: never[]) => object> = [
    InboxController,
    InboxPreferencesController,
  ],
) {
  @Module({
    imports: [EventEmitterModule.forRoot(), InboxModule.forRoot({ dataSource })],
    controllers,
    providers: [
      InboxLiveService,
      {
        provide: NotificationPreferencesService,
        useFactory: () =>
          new NotificationPreferencesService(new PreferenceStore(), () => [
            'inbox',
            'mail',
            'sms',
            'push',
          ]),
      },
      { provide: INBOX_TOPICS, useValue: APP_TOPICS },
      ...extra,
    ],
  })
  class AppModule {}
  return AppModule;
}

async function recipeDataSource(): Promise<DataSource> {
  const dataSource = new DataSource({
    ...memorySqlite(),
    migrations: [
      CreateInboxMessages1732300000000,
      AddInboxMessageStates1736200000000,
      CreateInboxCounters1736700000000,
      AddInboxCounterBounds1736800000000,
    ],
  });
  await dataSource.initialize();
  await dataSource.runMigrations();
  return dataSource;
}

describe('examples/inbox.controller.ts', () => {
  let dataSource: DataSource;
  let app: INestApplication;
  let inbox: InboxService;
  let base: string;
  const streams: SseClient[] = [];
  const as = (user?: string): Record<string, string> => (user ? { 'x-test-user': user } : {});
  const get = (path: string, user?: string) =>
    request(app.getHttpServer()).get(`/admin/notifications${path}`).set(as(user));
  const post = (path: string, user?: string) =>
    request(app.getHttpServer()).post(`/admin/notifications${path}`).set(as(user));
  const put = (path: string, user?: string) =>
    request(app.getHttpServer()).put(`/admin/notifications${path}`).set(as(user));
  const del = (path: string, user?: string) =>
    request(app.getHttpServer()).delete(`/admin/notifications${path}`).set(as(user));
  const stream = async (user: string, headers: Record<string, string> = {}) => {
    const client = await SseClient.open(`${base}/admin/notifications/stream`, {
      ...as(user),
      ...headers,
    });
    streams.push(client);
    return client;
  };

  beforeAll(async () => {
    dataSource = await recipeDataSource();
    const AppModule = inboxRecipeModule(dataSource, [
      { provide: APP_GUARD, useClass: SignedInUserGuard },
    ]);
    const ref = await Test.createTestingModule({ imports: [AppModule] }).compile();
    app = ref.createNestApplication({ logger: false });
    await app.listen(0, '127.0.0.1');
    base = await app.getUrl();
    inbox = app.get(InboxService);
  });
  afterEach(() => streams.splice(0).forEach((s) => s.close()));
  afterAll(async () => {
    await app.close();
    await dataSource.destroy();
  });

  it('answers 401 on every route without a signed-in user', async () => {
    const id = '0193a3c4-5e6f-7a8b-9c0d-1e2f3a4b5c6d';
    await get('/inbox').expect(401);
    await get('/preferences').expect(401);
    await get('/stream').expect(401);
    await post('/counts')
      .send({ tabs: { all: {} } })
      .expect(401);
    await post(`/read/${id}`).expect(401);
    await post(`/messages/${id}/archive`).expect(401);
    await post('/bulk/read').expect(401);
    await del(`/messages/${id}`).expect(401);
    await put('/preferences')
      .send({ category: 'orders', channel: 'mail', enabled: false })
      .expect(401);
    const res = await post('/read-all').expect(401);
    expect(res.body.message).toMatch(/Sign in first/);
  });

  it("lists the signed-in user's messages only, newest first, with the unread and unseen counts", async () => {
    await inbox.send('alice', { title: 'Build started' }); // body is optional
    await inbox.send('alice', { title: 'Build finished', body: 'All green', category: 'ci' });
    const res = await get('/inbox', 'alice').expect(200);
    expect(res.body.unread_count).toBe(2);
    expect(res.body.unseen_count).toBe(2);
    expect(res.body.notifications.map((n: { title: string }) => n.title)).toEqual([
      'Build finished',
      'Build started',
    ]);
    expect(res.body.notifications[0]).toMatchObject({
      user_id: 'alice',
      body: 'All green',
      category: 'ci',
      read: false,
      read_at: null,
      seen: false,
      archived: false,
      snoozed_until: null,
      tags: [],
      severity: 'normal',
      actions: [],
    });
    expect(res.body).not.toHaveProperty('next_cursor');
    const bob = await get('/inbox', 'bob').expect(200);
    expect(bob.body).toEqual({ unread_count: 0, unseen_count: 0, notifications: [] });
  });

  it('answers a cursor it never issued with 400 through InboxExceptionFilter', async () => {
    const res = await get('/inbox?cursor=not-a-cursor', 'alice').expect(400);
    expect(res.body).toMatchObject({ statusCode: 400, code: 'INBOX_INVALID_CURSOR' });
  });

  it('marks one message read (200), 404 for somebody else’s or an unknown id, 400 for a malformed one', async () => {
    const message = await inbox.send('carol', { title: 'Invoice paid', body: '' });
    await inbox.send('carol', { title: 'Invoice sent', body: '' });
    await post(`/read/${message.id}`, 'dave').expect(404);
    const bad = await post('/read/not-a-uuid', 'carol').expect(400);
    expect(bad.body.message).toEqual([expect.stringMatching(/message_id must be a UUID/)]);
    const first = await post(`/read/${message.id}`, 'carol').expect(200);
    expect(first.body).toEqual({
      message_id: message.id,
      read: true,
      changed: true,
      unread_count: 1,
    });
    const again = await post(`/read/${message.id}`, 'carol').expect(200);
    expect(again.body).toMatchObject({ changed: false, unread_count: 1 });
  });

  it('marks all read, for a numeric user id too', async () => {
    await inbox.send('42', { title: 'a', body: '' });
    await inbox.send('42', { title: 'b', body: '' });
    const res = await post('/read-all', '42').expect(200);
    expect(res.body).toEqual({ marked: 2, unread_count: 0 });
    expect((await get('/inbox', '42').expect(200)).body.unread_count).toBe(0);
  });

  it('filters a page by status, read, seen, tags and severity (comma lists)', async () => {
    const ops = await inbox.send('erin', {
      title: 'Disk full',
      tags: ['ops'],
      severity: 'critical',
    });
    await inbox.send('erin', { title: 'Invoice', tags: ['billing'], severity: 'low' });
    await inbox.send('erin', { title: 'Deploy', tags: ['ops', 'ci'] });
    const titles = async (query: string) =>
      (await get(`/inbox?${query}`, 'erin').expect(200)).body.notifications.map(
        (n: { title: string }) => n.title,
      );
    expect(await titles('tags=ops')).toEqual(['Deploy', 'Disk full']);
    expect(await titles('tags=billing,ci')).toEqual(['Deploy', 'Invoice']);
    expect(await titles('severity=critical,low')).toEqual(['Invoice', 'Disk full']);
    await post(`/messages/${ops.id}/seen`, 'erin').expect(200);
    expect(await titles('seen=false')).toEqual(['Deploy', 'Invoice']);
    expect(await titles('seen=true')).toEqual(['Disk full']);
    await post(`/messages/${ops.id}/archive`, 'erin').expect(200);
    expect(await titles('status=archived')).toEqual(['Disk full']);
    expect(await titles('status=inbox&unread_only=true')).toEqual(['Deploy', 'Invoice']);
    expect(await titles('status=all&limit=1')).toEqual(['Deploy']);
  });

  it('changes one message: seen, read, unread, archive, unarchive, snooze, unsnooze; 404 when not theirs', async () => {
    const m = await inbox.send('fay', { title: 'Weekly report' });
    const change = (what: string) => post(`/messages/${m.id}/${what}`, 'fay').expect(200);
    expect((await change('seen')).body).toMatchObject({
      message: { id: m.id, seen: true, read: false },
      changed: true,
      unread_count: 1,
      unseen_count: 0,
    });
    expect((await change('seen')).body.changed).toBe(false);
    expect((await change('read')).body).toMatchObject({ message: { read: true }, unread_count: 0 });
    expect((await change('unread')).body).toMatchObject({
      message: { read: false },
      unread_count: 1,
    });
    expect((await change('archive')).body).toMatchObject({
      message: { archived: true },
      unread_count: 0,
    });
    expect((await change('unarchive')).body).toMatchObject({
      message: { archived: false },
      unread_count: 1,
    });
    const until = new Date(Date.now() + 3_600_000).toISOString();
    const snoozed = await post(`/messages/${m.id}/snooze`, 'fay').send({ until }).expect(200);
    expect(snoozed.body).toMatchObject({
      message: { snoozed_until: until },
      changed: true,
      unread_count: 0,
    });
    expect((await get('/inbox?status=snoozed', 'fay').expect(200)).body.notifications).toHaveLength(
      1,
    );
    expect((await change('unsnooze')).body).toMatchObject({ changed: true, unread_count: 1 });
    for (const what of ['seen', 'read', 'unread', 'archive', 'unarchive', 'unsnooze']) {
      await post(`/messages/${m.id}/${what}`, 'gus').expect(404);
    }
    await post(`/messages/${m.id}/snooze`, 'gus').send({ until }).expect(404);
  });

  it('refuses a snooze in the past or not ISO-8601, naming until', async () => {
    const m = await inbox.send('fay', { title: 'Later' });
    const past = await post(`/messages/${m.id}/snooze`, 'fay')
      .send({ until: '2001-01-01T00:00:00Z' })
      .expect(400);
    expect(JSON.stringify(past.body)).toMatch(/until/);
    const garbage = await post(`/messages/${m.id}/snooze`, 'fay')
      .send({ until: 'tomorrow' })
      .expect(400);
    expect(garbage.body.message).toEqual([expect.stringMatching(/until must be an ISO-8601 time/)]);
  });

  it('runs an action (the app hears INBOX_ACTION_EVENT); 404 for an action id the message lacks or a message not theirs', async () => {
    const m = await inbox.send('hal', {
      title: 'Approve deploy?',
      actions: [
        { label: 'Approve', actionId: 'deploy.approve' },
        { label: 'Open', url: '/deploys/7' },
      ],
    });
    const heard: unknown[] = [];
    app.get(EventEmitter2).once(INBOX_ACTION_EVENT, (e: unknown) => heard.push(e));
    const res = await post(`/messages/${m.id}/actions/deploy.approve`, 'hal').expect(200);
    expect(res.body).toEqual({ message_id: m.id, action_id: 'deploy.approve', done: true });
    expect(heard).toEqual([expect.objectContaining({ userId: 'hal', actionId: 'deploy.approve' })]);
    const unknown = await post(`/messages/${m.id}/actions/nope`, 'hal').expect(404);
    expect(unknown.body.code).toBe('INBOX_UNKNOWN_ACTION');
    await post(`/messages/${m.id}/actions/deploy.approve`, 'ivy').expect(404);
    await post(`/messages/${m.id}/actions/bad%20id`, 'hal').expect(400);
  });

  it('deletes one message, 404 when not theirs', async () => {
    const m = await inbox.send('jo', { title: 'Old' });
    await del(`/messages/${m.id}`, 'kim').expect(404);
    const res = await del(`/messages/${m.id}`, 'jo').expect(200);
    expect(res.body).toEqual({ message_id: m.id, deleted: true, unread_count: 0, unseen_count: 0 });
    await del(`/messages/${m.id}`, 'jo').expect(404);
  });

  it('counts per tab and marks a whole tab seen, read or archived', async () => {
    await inbox.send('lee', { title: 'a', tags: ['ops'] });
    await inbox.send('lee', { title: 'b', tags: ['ops'] });
    await inbox.send('lee', { title: 'c', tags: ['billing'] });
    const tabs = { all: {}, ops: { tags: ['ops'] }, archived: { status: 'archived' } };
    const counts = await post('/counts', 'lee').send({ tabs }).expect(200);
    expect(counts.body).toEqual({
      counts: {
        all: { unread: 3, unseen: 3, total: 3 },
        ops: { unread: 2, unseen: 2, total: 2 },
        archived: { unread: 0, unseen: 0, total: 0 },
      },
    });
    const seen = await post('/bulk/seen', 'lee')
      .send({ filter: { tags: ['ops'] } })
      .expect(200);
    expect(seen.body).toEqual({ changed: 2, unread_count: 3, unseen_count: 1 });
    const read = await post('/bulk/read', 'lee').send({}).expect(200);
    expect(read.body).toEqual({ changed: 3, unread_count: 0, unseen_count: 0 });
    const archived = await post('/bulk/archive', 'lee')
      .send({ filter: { tags: ['billing'] } })
      .expect(200);
    expect(archived.body).toMatchObject({ changed: 1 });
    const after = await post('/counts', 'lee').send({ tabs }).expect(200);
    expect(after.body.counts.archived.total).toBe(1);
    const bad = await post('/counts', 'lee')
      .send({ tabs: { all: { status: 'gone' } } })
      .expect(400);
    expect(bad.body.message).toMatch(/tabs\.all\.status/);
    const extra = await post('/bulk/read', 'lee')
      .send({ filter: { colour: 'red' } })
      .expect(400);
    expect(extra.body.message).toEqual([expect.stringMatching(/colour should not exist/)]);
  });

  it("reads and changes the user's preferences over the app's topics", async () => {
    const before = await get('/preferences', 'mo').expect(200);
    expect(before.body.topics[2]).toEqual({
      category: 'marketing',
      label: 'News and offers',
      channels: [
        { channel: 'inbox', enabled: true },
        { channel: 'mail', enabled: false },
      ],
    });
    const set = await put('/preferences', 'mo')
      .send({ category: 'orders', channel: 'push', enabled: false })
      .expect(200);
    expect(set.body).toEqual({ category: 'orders', channel: 'push', enabled: false });
    const after = await get('/preferences', 'mo').expect(200);
    expect(after.body.topics[0].channels).toContainEqual({ channel: 'push', enabled: false });
    expect((await get('/preferences', 'ned').expect(200)).body.topics[0].channels).toContainEqual({
      channel: 'push',
      enabled: true,
    });
    const unknown = await put('/preferences', 'mo')
      .send({ category: 'weather', channel: 'mail', enabled: true })
      .expect(400);
    expect(unknown.body.message).toMatch(/category must be one of orders, security, marketing/);
    await put('/preferences', 'mo')
      .send({ category: 'orders', channel: 'sms', enabled: true })
      .expect(400);
    await put('/preferences', 'mo')
      .send({ category: 'orders', channel: 'mail', enabled: 'yes' })
      .expect(400);
  });

  it('streams sync, then the user’s own events in order; replays after Last-Event-ID', async () => {
    const live = await stream('pat');
    expect((await live.waitFor((e) => e.event === 'sync')).data).toEqual({
      unread_count: 0,
      unseen_count: 0,
    });
    const m = await inbox.send('pat', { title: 'Hello', tags: ['x'] });
    await inbox.send('quinn', { title: 'Not yours' });
    await post(`/messages/${m.id}/seen`, 'pat').expect(200);
    await post(`/read/${m.id}`, 'pat').expect(200);
    await post('/bulk/archive', 'pat').send({}).expect(200);
    await del(`/messages/${m.id}`, 'pat').expect(200);
    await live.waitFor((e) => e.event === 'inbox.deleted');
    expect(live.events.map((e) => [e.event, e.data.change ?? null])).toEqual([
      ['sync', null],
      ['inbox.sent', null],
      ['inbox.updated', 'seen'],
      ['inbox.read', null],
      ['inbox.updated', 'archived'],
      ['inbox.deleted', null],
    ]);
    const [, sent, seen, read, bulk, deleted] = live.events;
    expect(sent!.data).toMatchObject({
      id: m.id,
      title: 'Hello',
      tags: ['x'],
      unread_count: 1,
      unseen_count: 1,
    });
    expect(seen!.data).toEqual({
      message_id: m.id,
      change: 'seen',
      unread_count: 1,
      unseen_count: 0,
    });
    expect(read!.data).toEqual({ message_id: m.id, unread_count: 0, unseen_count: 0 });
    expect(bulk!.data).toEqual({ change: 'archived', count: 1, unread_count: 0, unseen_count: 0 });
    expect(deleted!.data).toEqual({ message_id: m.id, unread_count: 0, unseen_count: 0 });
    expect(live.events.slice(1).every((e) => typeof e.id === 'string')).toBe(true);

    const again = await stream('pat', { 'Last-Event-ID': seen!.id! });
    await again.waitFor((e) => e.event === 'inbox.deleted');
    expect(again.events.map((e) => e.event)).toEqual([
      'inbox.read',
      'inbox.updated',
      'inbox.deleted',
    ]);
    const gap = await stream('pat', { 'Last-Event-ID': 'from-another-instance' });
    const sync = await gap.waitFor((e) => e.event === 'sync');
    expect(sync.id).toBe(deleted!.id);
  });
});

describe('examples/inbox/inbox-token.ts: the recipe behind InboxTokenGuard (subscriber tokens)', () => {
  let dataSource: DataSource;
  let app: INestApplication;
  let base: string;
  let secret: string;

  beforeAll(async () => {
    // the recipe reads INBOX_TOKEN_SECRET when it is loaded
    secret = 'recipe-test-secret-recipe-test-secret';
    process.env.INBOX_TOKEN_SECRET = secret;
    const { TokenInboxController, inboxTokenOptions }: typeof TokenRecipe =
      await import('../examples/inbox/inbox-token.js');
    dataSource = await recipeDataSource();
    // examples/inbox/inbox-token.ts: the recipe behind InboxTokenGuard
    const AppModule = inboxRecipeModule(dataSource, [inboxTokenOptions], [TokenInboxController]);
    const ref = await Test.createTestingModule({ imports: [AppModule] }).compile();
    app = ref.createNestApplication({ logger: false });
    await app.listen(0, '127.0.0.1');
    base = await app.getUrl();
  });
  afterAll(async () => {
    delete process.env.INBOX_TOKEN_SECRET;
    await app.close();
    await dataSource.destroy();
  });

  it("serves the token's user only; forged, expired and missing tokens answer 401", async () => {
    const inbox = app.get(InboxService);
    await inbox.send('alice', { title: 'For Alice' });
    await inbox.send('bob', { title: 'For Bob' });
    const alice = signInboxToken({ userId: 'alice', secret });
    const res = await request(app.getHttpServer())
      .get('/admin/notifications/inbox')
      .set('Authorization', `Bearer ${alice}`)
      .expect(200);
    expect(res.body.notifications.map((n: { title: string }) => n.title)).toEqual(['For Alice']);
    const [payload, signature] = alice.split('.');
    const asBob = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(payload!, 'base64url').toString()), sub: 'bob' }),
    ).toString('base64url');
    for (const token of [
      `${asBob}.${signature}`,
      signInboxToken({ userId: 'bob', secret: 'x'.repeat(40) }),
      signInboxToken({ userId: 'alice', secret, ttlSeconds: 1, now: Date.now() - 5000 }),
    ]) {
      const refused = await request(app.getHttpServer())
        .get('/admin/notifications/inbox')
        .set('Authorization', `Bearer ${token}`)
        .expect(401);
      expect(JSON.stringify(refused.body)).not.toContain(token);
    }
    await request(app.getHttpServer()).get('/admin/notifications/inbox').expect(401);
    const live = await SseClient.open(`${base}/admin/notifications/stream?token=${alice}`);
    try {
      expect(live.status).toBe(200);
      expect((await live.waitFor((e) => e.event === 'sync')).data).toEqual({
        unread_count: 1,
        unseen_count: 1,
      });
    } finally {
      live.close();
    }
  });
});

describe('examples/health.controller.ts', () => {
  async function healthApp(checks: (runner: HealthCheckRunner) => void) {
    @Module({ imports: [MonitorModule.forRoot()], controllers: [HealthController] })
    class AppModule {}
    const ref = await Test.createTestingModule({ imports: [AppModule] }).compile();
    const app = ref.createNestApplication({ logger: false });
    checks(app.get(HealthCheckRunner));
    await app.init();
    return app;
  }

  it('200 / 207 / 503 per category and for every check, never cached by a proxy', async () => {
    const app = await healthApp((runner) => {
      runner.add('heap', () => true, { category: HealthCheckCategory.LIVENESS });
      runner.add('cache', () => ({ healthy: false, message: 'redis down' }), {
        category: HealthCheckCategory.READINESS,
        critical: false,
      });
      runner.add('migrations', () => ({ healthy: false, message: 'pending' }), {
        category: HealthCheckCategory.STARTUP,
      });
    });
    try {
      const server = app.getHttpServer();
      const live = await request(server).get('/health/live').expect(200);
      expect(live.body).toMatchObject({
        status: 'healthy',
        checks: { heap: { status: 'healthy' } },
      });
      expect(live.headers['cache-control']).toBe('no-store');
      const ready = await request(server).get('/health/ready').expect(207);
      expect(ready.body.status).toBe('degraded');
      expect(Object.keys(ready.body.checks)).toEqual(['cache']);
      const startup = await request(server).get('/health/startup').expect(503);
      expect(startup.body.checks.migrations.message).toBe('pending');
      const all = await request(server).get('/health').expect(503);
      expect(all.body.status).toBe('unhealthy');
      expect(Object.keys(all.body.checks).sort()).toEqual(['cache', 'heap', 'migrations']);
      expect(typeof all.body.timestamp).toBe('number');
    } finally {
      await app.close();
    }
  });

  it('200 healthy when every check passes', async () => {
    const app = await healthApp((runner) => runner.add('ping', () => true));
    try {
      const res = await request(app.getHttpServer()).get('/health').expect(200);
      expect(res.body.status).toBe('healthy');
    } finally {
      await app.close();
    }
  });
});

describe('examples/metrics/billing.ts (docs/metrics.md)', () => {
  it('counts charges and times them, served on GET /metrics', async () => {
    const ref = await Test.createTestingModule({ imports: [BillingAppModule] }).compile();
    const app = ref.createNestApplication({ logger: false });
    await app.init();
    try {
      await app.get(Billing).charge('4242424242424242');
      await app.get(Billing).charge('5555555555554444');
      const res = await request(app.getHttpServer()).get('/metrics').expect(200);
      expect(res.text).toMatch(/^charges_total\{provider="visa"\} 1$/m);
      expect(res.text).toMatch(/^charges_total\{provider="other"\} 1$/m);
      expect(res.text).toMatch(/^billing_charge_duration_count\{status="ok"\} 2$/m);
    } finally {
      await app.close();
    }
  });
});

describe('examples/notifier/order-shipped.ts (docs/notifier.md)', () => {
  it('notifies Ada by SMS, push and inbox, once per idempotency key', async () => {
    const ref = await Test.createTestingModule({ imports: [NotifierAppModule] }).compile();
    const app = ref.createNestApplication({ logger: false });
    await app.init();
    try {
      const notificationId = await app.get(Orders).ship('o-7');
      const notifier = app.get(NotifierService);
      const deliveries = await notifier.deliveries(notificationId);
      expect(deliveries.map((d) => [d.channel, d.status]).sort()).toEqual([
        ['inbox', 'sent'],
        ['push', 'sent'],
        ['sms', 'sent'],
      ]);
      const inbox = await app.get(InboxService).getInbox('u1');
      expect(inbox.notifications.map((m) => m.title)).toEqual(['Order shipped']);
      expect(await app.get(Orders).ship('o-7')).toBe(notificationId);
    } finally {
      await app.close();
    }
  });
});

describe('examples/install/app.module.ts (docs/install.md, a first app)', () => {
  it('serves /metrics and /health, continues a traceparent and sends mail through the log driver', async () => {
    const ref = await Test.createTestingModule({ imports: [FirstAppModule] }).compile();
    const app = ref.createNestApplication({ logger: false });
    await app.init();
    try {
      const server = app.getHttpServer();
      const traceId = '4bf92f3577b34da6a3ce929d0e0e4736';
      const health = await request(server)
        .get('/health')
        .set('traceparent', `00-${traceId}-00f067aa0ba902b7-01`);
      expect(health.status).toBe(200);
      expect(health.body.status).toBe('healthy');
      const spans = app.get<TracerProtocol>(TRACER).getAllSpans();
      expect(spans.map((s) => [s.name, s.spanContext().traceId])).toContainEqual([
        'GET /health',
        traceId,
      ]);
      const metrics = await request(server).get('/metrics').expect(200);
      expect(metrics.text).toContain(
        'http_server_requests_total{method="GET",route="/health",status_code="200"} 1',
      );
      const sent = await app
        .get<MailerProtocol>(MAILER)
        .send({ to: ['ada@example.com'], subject: 'Hi', text: 'Welcome' });
      expect(sent.accepted).toEqual(['ada@example.com']);
    } finally {
      await app.close();
    }
  });
});

describe('examples/channels (docs/channels.md)', () => {
  it('sends the SMS, the push batch and the templated mail with attachments through log backends', async () => {
    const ref = await Test.createTestingModule({
      imports: [ChannelsAppModule],
      providers: [Welcome],
    }).compile();
    const app = ref.createNestApplication({ logger: false });
    await app.init();
    try {
      const { dead, sent } = await app
        .get(Welcome)
        .run(
          { id: 'u1', name: 'Ada <3', email: 'ada@example.com', deviceTokens: ['t1', 't2'] },
          Buffer.from('png'),
          Buffer.from('pdf'),
        );
      expect(dead).toEqual([]);
      expect(sent.accepted).toEqual(
        expect.arrayContaining(['ada@example.com', 'team@example.com', 'audit@example.com']),
      );
      expect(sent.backend).toBe('mail');
    } finally {
      await app.close();
    }
  });
});

describe('examples/tracing/spans.ts (docs/tracing.md)', () => {
  it('continues the incoming trace and injects it into outgoing headers', async () => {
    @Module({ imports: [MonitorModule.forRoot()], providers: [Payments] })
    class TracingApp {}
    const ref = await Test.createTestingModule({ imports: [TracingApp] }).compile();
    const app = ref.createNestApplication({ logger: false });
    await app.init();
    try {
      const traceId = '4bf92f3577b34da6a3ce929d0e0e4736';
      const result = await app
        .get(Payments)
        .charge('o-7', { traceparent: `00-${traceId}-00f067aa0ba902b7-01` });
      expect(result.traceId).toBe(traceId);
      expect(result.outgoing.traceparent).toMatch(
        new RegExp(`^00-${traceId}-${result.spanId}-0[13]$`),
      );
      expect(sampled).toBe('00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01');
    } finally {
      await app.close();
    }
  });
});

describe('examples/delivery/own-channels.ts (docs/reliable-delivery.md)', () => {
  it('records the delivery of a RetryingMailer, failing over to the fallback on a transient error', async () => {
    const primary = new InMemoryMailer('smtp');
    const fallback = new InMemoryMailer('sendgrid');
    primary.failNext(new DeliveryError('smtp down', { reason: 'provider_unavailable' }));
    const record = await welcome(primary, fallback);
    expect(record).toMatchObject({ status: 'sent', backend: 'sendgrid' });
    expect(fallback.sentTo('ada@example.com')).toHaveLength(1);
  });
});
