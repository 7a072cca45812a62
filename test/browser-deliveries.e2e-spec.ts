import type { INestApplication } from '@nestjs/common';
import type { Browser } from 'playwright-core';
import request from 'supertest';
import { startDemoWithChromium } from './helpers/chromium.js';
import { bearer, loginAs } from './helpers/inbox-demo.js';

jest.setTimeout(90_000);

describe('the delivery log in a real browser (headless Chromium): provider reports', () => {
  let app: INestApplication;
  let url: string;
  let browser: Browser;
  let close: () => Promise<void>;

  beforeAll(async () => {
    ({ app, url, browser, close } = await startDemoWithChromium());
  });
  afterAll(() => close?.());

  /** A test SMS through the working backend, once it is sent. */
  async function sentSms(token: string): Promise<string> {
    const res = await request(app.getHttpServer())
      .post('/admin/deliveries/send')
      .set({ ...bearer(token), accept: 'application/json' })
      .send({ scenario: 'ok' })
      .expect(202);
    const id = res.body.deliveryId as string;
    for (;;) {
      const log = await request(app.getHttpServer())
        .get('/admin/deliveries.json?limit=200')
        .set(bearer(token));
      if (log.body.records.find((r: { id: string }) => r.id === id)?.status === 'sent') return id;
      await new Promise((r) => setTimeout(r, 20));
    }
  }

  it('shows a report arriving on an open page, and plays one from the row', async () => {
    const token = await loginAs(app, 'alice');
    const [reported, clicked] = [await sentSms(token), await sentSms(token)];
    const context = await browser.newContext();
    const page = await context.newPage();
    try {
      await page.goto(`${url}/admin/deliveries`);
      await page.getByRole('button', { name: 'Sign in as Alice (admin)' }).click();
      await page.waitForURL(`${url}/admin/deliveries`);
      await page.waitForSelector(`tr[data-id="${reported}"][data-status="sent"]`);

      await request(app.getHttpServer())
        .post(`/admin/deliveries/${reported}/feedback`)
        .set({ ...bearer(token), accept: 'application/json' })
        .send({ status: 'bounced' })
        .expect(200);
      const row = page.locator(`tr[data-id="${reported}"][data-status="bounced"]`);
      await row.waitFor();
      await expect(row.locator('.badge.status').textContent()).resolves.toBe('bounced');
      await expect(row.locator('.report').textContent()).resolves.toContain('simulated bounced');

      await page
        .locator(`tr[data-id="${clicked}"]`)
        .getByRole('button', { name: 'delivered' })
        .click();
      await page.waitForSelector(`tr[data-id="${clicked}"][data-status="delivered"]`);
      const record = await request(app.getHttpServer())
        .get('/admin/deliveries.json?status=delivered&limit=200')
        .set(bearer(token));
      expect(record.body.records.map((r: { id: string }) => r.id)).toContain(clicked);
    } finally {
      await context.close();
    }
  });
});
