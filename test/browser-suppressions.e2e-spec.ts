import type { INestApplication } from '@nestjs/common';
import type { Browser } from 'playwright-core';
import request from 'supertest';
import { SuppressionService } from '@herald/notification';
import { startDemoWithChromium } from './helpers/chromium.js';
import { bearer, loginAs } from './helpers/inbox-demo.js';

jest.setTimeout(90_000);

/** The demo's suppression list page in a real browser, and its JSON API. */
describe('the suppression list admin page (headless Chromium)', () => {
  let app: INestApplication;
  let url: string;
  let browser: Browser;
  let close: () => Promise<void>;

  /** A test SMS through the delivery log (`POST /admin/deliveries/send`), then its record. */
  const testSms = async () => {
    const server = app.getHttpServer();
    const token = await loginAs(app, 'bob');
    const sent = await request(server)
      .post('/admin/deliveries/send')
      .set(bearer(token))
      .send({ to: '+15550109999' })
      .expect(202);
    const { body } = await request(server)
      .get('/admin/deliveries.json?limit=50')
      .set(bearer(token))
      .expect(200);
    return (body.records as Array<{ id: string; status: string }>).find(
      (r) => r.id === sent.body.deliveryId,
    );
  };

  beforeAll(async () => {
    ({ app, url, browser, close } = await startDemoWithChromium());
  });
  afterAll(() => close?.());

  it('lists entries, adds one with the form and lifts one with its button', async () => {
    const suppressions = app.get(SuppressionService);
    await suppressions.add({
      channel: 'sms',
      address: '+15550109999',
      reason: 'sms_stop',
      source: 'twilio:inbound',
    });
    const context = await browser.newContext();
    const page = await context.newPage();
    try {
      await page.goto(`${url}/admin/suppressions`);
      await page.getByRole('button', { name: 'Sign in as Bob (operator)' }).click();
      await page.waitForURL(`${url}/admin/suppressions`);
      await expect(page.locator('tbody tr').count()).resolves.toBe(1);
      await expect(page.locator('tbody tr td').nth(3).textContent()).resolves.toBe('sms_stop');

      await page.getByLabel('Address', { exact: true }).last().fill('Blocked@Example.com');
      await page.getByRole('button', { name: 'Suppress' }).click();
      await page.waitForURL(`${url}/admin/suppressions`);
      await expect(page.locator('tbody tr').count()).resolves.toBe(2);
      await expect(page.locator('tbody').textContent()).resolves.toContain('blocked@example.com');

      await expect(testSms()).resolves.toMatchObject({ status: 'suppressed' });
      await page.getByRole('button', { name: 'Lift sms +15550109999' }).click();
      await page.waitForURL(`${url}/admin/suppressions`);
      await expect(page.locator('tbody tr').count()).resolves.toBe(1);
      await expect(page.locator('tbody').textContent()).resolves.not.toContain('+15550109999');
      // lifted: the send goes to the provider (inline, it may still be on its way)
      expect(['sending', 'sent']).toContain((await testSms())?.status);

      await page.goto(`${url}/admin/suppressions?channel=sms`);
      await expect(page.locator('tbody tr').count()).resolves.toBe(0);
    } finally {
      await context.close();
    }
  });

  it('JSON API: pages and filters; bad input is 400, unknown ids 404, anonymous 401, cross-site 403', async () => {
    const token = await loginAs(app, 'bob');
    const server = app.getHttpServer();
    const added = await request(server)
      .post('/admin/suppressions')
      .set(bearer(token))
      .send({ channel: 'mail', address: 'json@example.com', category: 'newsletter' })
      .expect(201);
    expect(added.body).toMatchObject({
      channel: 'mail',
      address: 'json@example.com',
      category: 'newsletter',
      reason: 'manual',
      source: 'admin:bob',
    });
    const listed = await request(server)
      .get('/admin/suppressions.json?channel=mail&address=JSON@example.com&limit=1')
      .set(bearer(token))
      .expect(200);
    expect(listed.body).toMatchObject({
      total: 1,
      limit: 1,
      offset: 0,
      entries: [{ id: added.body.id }],
    });
    await request(server)
      .post('/admin/suppressions')
      .set(bearer(token))
      .send({ channel: 'sms', address: 'not a phone' })
      .expect(400);
    await request(server)
      .post('/admin/suppressions')
      .set(bearer(token))
      .send({ channel: 'fax', address: 'x' })
      .expect(400);
    await request(server).get('/admin/suppressions.json?limit=0').set(bearer(token)).expect(400);
    await request(server)
      .post(`/admin/suppressions/${'0'.repeat(64)}/lift`)
      .set(bearer(token))
      .expect(404);
    await request(server).post('/admin/suppressions/nope/lift').set(bearer(token)).expect(400);
    await request(server)
      .get('/admin/suppressions.json')
      .set('Accept', 'application/json')
      .expect(401);
    await request(server)
      .post(`/admin/suppressions/${added.body.id}/lift`)
      .set(bearer(token))
      .set('Origin', 'https://evil.example')
      .expect(403);
    const lifted = await request(server)
      .post(`/admin/suppressions/${added.body.id}/lift`)
      .set(bearer(token))
      .expect(200);
    expect(lifted.body.lifted.id).toBe(added.body.id);
  });
});
