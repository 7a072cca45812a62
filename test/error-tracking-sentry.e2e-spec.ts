import type { INestApplication } from '@nestjs/common';
import request from 'supertest';
import { FakeSentryServer } from '@herald/monitor/testing';
import { startDemoApp } from './helpers/demo-app.js';
import { withEnv } from './helpers/with-env.js';

const ENV = {
  HERALD_MONITOR__ERROR_TRACKING__DSN: '',
  HERALD_MONITOR__ERROR_TRACKING__ENVIRONMENT: 'e2e-demo',
  HERALD_MONITOR__ERROR_TRACKING__SEND_DEFAULT_PII: 'false',
};

describe('error tracking: the demo reports to a Sentry DSN on 127.0.0.1', () => {
  let sentry: FakeSentryServer;
  beforeAll(async () => (sentry = await FakeSentryServer.start()));
  afterAll(() => sentry.close());
  beforeEach(() => sentry.clear());

  async function boot(sendDefaultPii: boolean): Promise<INestApplication> {
    return withEnv(
      {
        ...ENV,
        HERALD_MONITOR__ERROR_TRACKING__DSN: sentry.dsn,
        HERALD_MONITOR__ERROR_TRACKING__SEND_DEFAULT_PII: String(sendDefaultPii),
      },
      async () => (await startDemoApp()).app,
    );
  }

  function throwRoute(app: INestApplication) {
    return request(app.getHttpServer())
      .get('/errors/boom?email=carol@example.com')
      .set('Cookie', 'demo_session=s3cr3t-cookie')
      .set('Authorization', 'Bearer demo-token-123')
      .set('X-Forwarded-For', '203.0.113.77')
      .expect(500);
  }

  it('sends the exception type, message and environment, and no PII with send_default_pii false', async () => {
    const app = await boot(false);
    try {
      const res = await throwRoute(app);
      expect(res.body).toEqual({ statusCode: 500, message: 'Internal server error' });
      await request(app.getHttpServer()).get('/errors/not-found').expect(404);
      const [event] = await sentry.waitForEvents(1);
      expect(event.environment).toBe('e2e-demo');
      expect(event.exception.values[0]).toMatchObject({
        type: 'TypeError',
        value: 'Demo failure while charging a***@example.com',
      });
      expect(event.request).toMatchObject({ method: 'GET' });
      expect(event.request.url).toMatch(/\/errors\/boom$/);
      expect(event.user).toBeUndefined();
      expect(event.request.cookies).toBeUndefined();
      expect(event.request.env).toBeUndefined();
      const headers = Object.keys(event.request.headers).map((h) => h.toLowerCase());
      for (const pii of ['cookie', 'authorization', 'x-forwarded-for'])
        expect(headers).not.toContain(pii);
      // The client IP (also 127.0.0.1 here, like the server's host header) is checked through
      // `user` and `request.env` above. Stack frames quote this file's source lines; the rest
      // of the event must be free of PII.
      const text = JSON.stringify({ ...event, exception: undefined });
      for (const leaked of [
        'alice@example.com',
        'carol@example.com',
        's3cr3t-cookie',
        'demo-token-123',
        '203.0.113.77',
      ]) {
        expect(text).not.toContain(leaked);
      }
    } finally {
      await app.close();
    }
    // the 404 was not reported, and close() flushed everything
    expect(sentry.events).toHaveLength(1);
  });

  it('keeps request headers, cookies and IP with send_default_pii true', async () => {
    const app = await boot(true);
    try {
      await throwRoute(app);
      const [event] = await sentry.waitForEvents(1);
      expect(event.exception.values[0].value).toBe('Demo failure while charging a***@example.com');
      expect(event.request.cookies).toEqual({ demo_session: 's3cr3t-cookie' });
      expect(event.request.headers.authorization).toBe('Bearer demo-token-123');
      expect(event.user.ip_address).toMatch(/127\.0\.0\.1/);
    } finally {
      await app.close();
    }
  });
});
