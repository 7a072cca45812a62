import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { INestApplication } from '@nestjs/common';
import type { Browser } from 'playwright-core';
import request from 'supertest';
import { startDemoWithChromium } from './helpers/chromium.js';
import { ensureInboxBundle } from './helpers/inbox-bundle.js';
import { bearer, loginAs } from './helpers/inbox-demo.js';

jest.setTimeout(90_000);

describe('the inbox page in a real browser (headless Chromium)', () => {
  let app: INestApplication;
  let url: string;
  let browser: Browser;

  let close: () => Promise<void>;

  beforeAll(async () => {
    ensureInboxBundle();
    ({ app, url, browser, close } = await startDemoWithChromium());
  });
  afterAll(() => close?.());

  it('shows the unread count, follows a new message live, and marks all read', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    try {
      const signIn = await page.goto(`${url}/admin/notifications`);
      expect(signIn?.status()).toBe(401);
      await page.getByRole('button', { name: 'Sign in as Alice (admin)' }).click();
      await page.waitForURL(`${url}/admin/notifications`);

      // the topbar's <herald-inbox> is the page's list: on this page it opens by itself
      const bell = () => page.getByRole('button', { name: /^Notifications, \d+ unread$/ });
      const dialog = page.getByRole('dialog', { name: 'Notifications' });
      await page.getByRole('button', { name: 'Notifications, 3 unread' }).waitFor();
      await expect(page.locator('herald-inbox .badge').textContent()).resolves.toBe('3');
      await dialog.waitFor();
      await page.waitForFunction(
        "document.querySelector('herald-inbox').shadowRoot.querySelectorAll('article.unread').length === 3",
      );
      await expect(page.locator('.inbox-fallback').isVisible()).resolves.toBe(false);
      await page.evaluate('window.notReloaded = true'); // gone if the page reloads

      const token = await loginAs(app, 'alice');
      await request(app.getHttpServer())
        .post('/admin/notifications/send')
        .set(bearer(token))
        .send({ title: 'Sent by the test <b>live</b>', body: 'no reload needed' })
        .expect(201);
      await page.getByRole('button', { name: 'Notifications, 4 unread' }).waitFor();
      await page.waitForFunction(
        "document.querySelector('herald-inbox').shadowRoot.querySelector('article h3')?.textContent === 'Sent by the test <b>live</b>'",
      );
      await expect(page.evaluate('window.notReloaded')).resolves.toBe(true);

      await page
        .getByRole('article', { name: 'Welcome to Herald' })
        .getByRole('button', { name: 'Mark read' })
        .click();
      await page.getByRole('button', { name: 'Notifications, 3 unread' }).waitFor();
      await expect(page.locator('herald-inbox article.unread').count()).resolves.toBe(3);

      await page.getByRole('button', { name: 'Mark all read' }).click();
      await page.getByRole('button', { name: 'Notifications, 0 unread' }).waitFor();
      await expect(page.locator('herald-inbox article.unread').count()).resolves.toBe(0);
      await expect(bell().getAttribute('aria-expanded')).resolves.toBe('true');
      const server = await request(app.getHttpServer())
        .get('/admin/notifications/inbox')
        .set(bearer(token))
        .expect(200);
      expect(server.body.unread_count).toBe(0);

      const dir = join(__dirname, '..', 'test-output');
      mkdirSync(dir, { recursive: true });
      await page.screenshot({ path: join(dir, 'inbox-bell.png'), fullPage: true });
    } finally {
      await context.close();
    }
  });
});
