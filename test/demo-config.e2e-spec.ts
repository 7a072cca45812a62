import type { INestApplication } from '@nestjs/common';
import request from 'supertest';
import { METRICS_BACKEND } from '@herald/contracts';
import { BUILT_DEMO_TEST_MS, spawnBuiltDemo } from './helpers/built-demo.js';
import { startDemoApp } from './helpers/demo-app.js';
import { openDemoPostgresSchema, type DemoPostgresSchema } from './helpers/demo-postgres.js';
import { bearer, loginAs } from './helpers/inbox-demo.js';
import { withEnv } from './helpers/with-env.js';

describe('GET /config shows the configuration the demo runs with', () => {
  describe('on embedded defaults', () => {
    let app: INestApplication;
    let config: Record<string, any>;

    beforeAll(async () => {
      ({ app } = await startDemoApp());
      config = (await request(app.getHttpServer()).get('/config').expect(200)).body;
    });
    afterAll(() => app.close());

    it('lists the log backends the channels send through', async () => {
      expect(config.notification.smsBackends).toEqual([
        expect.objectContaining({ name: 'demo-sms', driver: 'log', primary: true }),
      ]);
      expect(config.notification.pushBackends).toEqual([
        expect.objectContaining({ name: 'demo-push', driver: 'log', primary: true }),
      ]);
      expect(config.notification.mailer.backends).toEqual([
        expect.objectContaining({
          name: 'demo-mail',
          driver: 'log',
          fromEmail: 'demo@herald.local',
        }),
      ]);
      // and those are the backends that deliver
      const token = await loginAs(app, 'alice');
      for (const [path, body] of [
        ['/channels/sms', { to: '+15005550006', body: 'x' }],
        ['/channels/push', { token: 'demo-device-token-0001' }],
        ['/channels/email', { to: 'ada@example.com', subject: 'x' }],
      ] as const) {
        await request(app.getHttpServer())
          .post(path)
          .set(bearer(token))
          .set('Accept', 'application/json')
          .send(body)
          .expect(200);
      }
      const deliveries = await request(app.getHttpServer()).get('/channels/deliveries');
      expect(deliveries.body.map((d: { backend: string }) => d.backend).sort()).toEqual([
        'demo-mail',
        'demo-push',
        'demo-sms',
      ]);
    });

    it('names the metrics backend that serves /metrics', async () => {
      expect(config.monitor.backendType).toBe('prometheus');
      expect(app.get(METRICS_BACKEND)).toMatchObject({ kind: 'prometheus' });
      const metrics = await request(app.getHttpServer()).get(config.monitor.prometheus.path);
      expect(metrics.status).toBe(200);
      expect(metrics.text).toContain('process_cpu_user_seconds_total');
    });

    it("shows the demo's own settings: delivery log, database, realtime, request parsing", () => {
      expect(config.demo.deliveryLog).toMatchObject({ enabled: true, store: 'database' });
      expect(['better-sqlite3', 'sqljs']).toContain(config.demo.database.type);
      expect(config.demo.realtime).toMatchObject({ channel: 'herald:demo:realtime' });
      expect(config.demo.realtime.redisUrl).toBeUndefined();
      expect(config.demo.http).toEqual({ jsonMaxDepth: 32, bodyLimit: '100kb' });
    });
  });

  describe('with backends, tokens and a database password configured', () => {
    const SECRETS = {
      twilio: 'tw-auth-s3cret',
      smtp: 'smtp-pa55word',
      scrape: 'scrape-t0ken',
      database: 'pg-pa55word',
    };
    let app: INestApplication;
    let pg: DemoPostgresSchema;
    let text: string;
    let config: Record<string, any>;

    beforeAll(async () => {
      pg = await openDemoPostgresSchema();
      const env = {
        ...pg.env,
        DEMO_DATABASE_URL: pg.env.DEMO_DATABASE_URL.replace(
          'postgres@',
          `postgres:${SECRETS.database}@`,
        ),
        HERALD_NOTIFICATION__SMS_BACKENDS: JSON.stringify([
          {
            name: 'twilio-main',
            primary: true,
            driver: 'twilio',
            twilio: {
              account_sid: 'AC123',
              auth_token: SECRETS.twilio,
              from_number: '+15005550006',
            },
          },
        ]),
        HERALD_NOTIFICATION__MAILER__BACKENDS: JSON.stringify([
          {
            name: 'smtp-main',
            primary: true,
            driver: 'smtp',
            from_email: 'demo@example.com',
            smtp: { host: '127.0.0.1', port: 2525, username: 'demo', password: SECRETS.smtp },
          },
        ]),
        HERALD_MONITOR__BACKEND_TYPE: 'memory',
        HERALD_MONITOR__PROMETHEUS__AUTH_TOKEN: SECRETS.scrape,
      };
      ({ app } = await withEnv(env, () => startDemoApp()));
      const res = await request(app.getHttpServer()).get('/config').expect(200);
      text = res.text;
      config = res.body;
    });
    afterAll(async () => {
      await app?.close();
      await pg?.close();
    });

    it('shows the configured backends in place of the embedded ones', () => {
      expect(config.notification.smsBackends.map((b: { name: string }) => b.name)).toEqual([
        'twilio-main',
      ]);
      expect(config.notification.pushBackends.map((b: { name: string }) => b.name)).toEqual([
        'demo-push',
      ]);
      expect(config.notification.mailer.backends.map((b: { name: string }) => b.name)).toEqual([
        'smtp-main',
      ]);
      expect(config.monitor.backendType).toBe('memory');
      expect(app.get(METRICS_BACKEND).constructor.name).toBe('MemoryMetricsBackend');
      expect(config.demo.database).toMatchObject({
        type: 'postgres',
        schema: pg.env.DEMO_DATABASE_SCHEMA,
      });
    });

    it('redacts every secret', () => {
      for (const secret of Object.values(SECRETS)) expect(text).not.toContain(secret);
      expect(config.notification.smsBackends[0].twilio.authToken).toBe('[REDACTED]');
      expect(config.notification.mailer.backends[0].smtp.password).toBe('[REDACTED]');
      expect(config.monitor.prometheus.authToken).toBe('[REDACTED]');
      expect(config.demo.database.url).toBe('postgres://[REDACTED]@127.0.0.1:5432/test');
    });
  });
});

describe('a mistyped DEMO_DATABASE_URL stops the start', () => {
  const SECRET = 'db-pa55-Kq7w';
  const MISTYPED = [
    `mysql://root:${SECRET}@127.0.0.1:3306/herald`,
    `postgres:${SECRET}@127.0.0.1/test`,
    `127.0.0.1:5432/${SECRET}`,
  ];

  it.each(MISTYPED)(
    'in-process: %s is refused, naming the variable, not the password',
    async (url) => {
      const started = withEnv({ DEMO_DATABASE_URL: url }, () => startDemoApp());
      await expect(started).rejects.toThrow(/^DEMO_DATABASE_URL .*postgres:\/\/.*sqlite:<file>/);
      await started.then(
        ({ app }) => app.close(),
        (error: Error) => expect(error.message).not.toContain(SECRET),
      );
    },
  );

  it.each(MISTYPED)(
    'the built demo exits 1 on %s with the reason and no password',
    async (url) => {
      const demo = spawnBuiltDemo({ DEMO_DATABASE_URL: url });
      try {
        expect(await demo.exited()).toBe(1);
        const output = demo.stdout() + demo.stderr();
        expect(output).toMatch(/DEMO_DATABASE_URL .*use postgres:\/\//);
        expect(output).not.toContain(SECRET);
        expect(output).not.toMatch(/running at/);
      } finally {
        await demo.kill();
      }
    },
    BUILT_DEMO_TEST_MS,
  );
});
