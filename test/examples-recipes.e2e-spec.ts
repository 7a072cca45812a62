/**
 * The recipe controllers of examples/, mounted the way their comments tell a
 * user to, in small Nest apps, and exercised over HTTP: they are type-checked
 * by `npm run typecheck` and must keep working here too.
 */
import {
  Injectable,
  Module,
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
import { DeliveryError, InboxModule, InboxService, NotifierService } from '@herald/notification';
import { InMemoryMailer } from '@herald/notification/testing';
import {
  AddInboxMessageStates1736200000000,
  CreateInboxMessages1732300000000,
} from '@herald/notification/typeorm';
import { HealthController } from '../examples/health.controller.js';
import { InboxController } from '../examples/inbox.controller.js';
import { AppModule as ChannelsAppModule } from '../examples/channels/modules.js';
import { Welcome } from '../examples/channels/welcome.js';
import { welcome } from '../examples/delivery/own-channels.js';
import { AppModule as FirstAppModule } from '../examples/install/app.module.js';
import { AppModule as BillingAppModule, Billing } from '../examples/metrics/billing.js';
import { AppModule as NotifierAppModule, Orders } from '../examples/notifier/order-shipped.js';
import { Payments, sampled } from '../examples/tracing/spans.js';
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

describe('examples/inbox.controller.ts', () => {
  let dataSource: DataSource;
  let app: INestApplication;
  let inbox: InboxService;
  const as = (user?: string) => (user ? { 'x-test-user': user } : {});
  const get = (path: string, user?: string) =>
    request(app.getHttpServer()).get(`/admin/notifications${path}`).set(as(user));
  const post = (path: string, user?: string) =>
    request(app.getHttpServer()).post(`/admin/notifications${path}`).set(as(user));

  beforeAll(async () => {
    dataSource = new DataSource({
      ...memorySqlite(),
      migrations: [CreateInboxMessages1732300000000, AddInboxMessageStates1736200000000],
    });
    await dataSource.initialize();
    await dataSource.runMigrations();
    @Module({
      imports: [InboxModule.forRoot({ dataSource })],
      controllers: [InboxController],
      providers: [{ provide: APP_GUARD, useClass: SignedInUserGuard }],
    })
    class AppModule {}
    const ref = await Test.createTestingModule({ imports: [AppModule] }).compile();
    app = ref.createNestApplication({ logger: false });
    await app.init();
    inbox = app.get(InboxService);
  });
  afterAll(async () => {
    await app.close();
    await dataSource.destroy();
  });

  it('answers 401 on every route without a signed-in user', async () => {
    await get('/inbox').expect(401);
    await post('/read/0193a3c4-5e6f-7a8b-9c0d-1e2f3a4b5c6d').expect(401);
    const res = await post('/read-all').expect(401);
    expect(res.body.message).toMatch(/Sign in first/);
  });

  it("lists the signed-in user's messages only, newest first, with the unread count", async () => {
    await inbox.send('alice', { title: 'Build started' }); // body is optional
    await inbox.send('alice', { title: 'Build finished', body: 'All green', category: 'ci' });
    const res = await get('/inbox', 'alice').expect(200);
    expect(res.body.unread_count).toBe(2);
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
    });
    expect(res.body).not.toHaveProperty('next_cursor');
    const bob = await get('/inbox', 'bob').expect(200);
    expect(bob.body).toEqual({ unread_count: 0, notifications: [] });
  });

  it('answers a cursor it never issued with 400 through InboxExceptionFilter', async () => {
    const res = await get('/inbox?cursor=not-a-cursor', 'alice').expect(400);
    expect(res.body).toMatchObject({ statusCode: 400, code: 'INBOX_INVALID_CURSOR' });
  });

  it('marks one message read (200), 404 for somebody else’s or an unknown id', async () => {
    const message = await inbox.send('carol', { title: 'Invoice paid', body: '' });
    await inbox.send('carol', { title: 'Invoice sent', body: '' });
    await post(`/read/${message.id}`, 'dave').expect(404);
    await post('/read/not-a-uuid', 'carol').expect(404);
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
