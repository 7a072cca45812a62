import type { INestApplication } from '@nestjs/common';
import request from 'supertest';
import { startDemoApp } from './helpers/demo-app.js';

describe('demo application on embedded defaults', () => {
  let app: INestApplication;

  beforeAll(async () => {
    ({ app } = await startDemoApp());
  });
  afterAll(async () => {
    await app.close();
  });

  it('GET / answers 200 with a page linking to what the demo offers', async () => {
    const res = await request(app.getHttpServer()).get('/').expect(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.text).toContain('<h1>Herald demo</h1>');
    expect(res.text).toContain('href="/config"');
  });

  it('GET /config shows the effective configuration with secrets redacted', async () => {
    const res = await request(app.getHttpServer()).get('/config').expect(200);
    expect(res.body.monitor.name).toBe('monitor');
    expect(res.body.notification.inbox.maxPageSize).toBe(50);
  });
});
