import type { Browser } from 'playwright-core';
import { startDemoWithChromium } from './helpers/chromium.js';

jest.setTimeout(90_000);

describe('the preferences page in a real browser (headless Chromium)', () => {
  let url: string;
  let browser: Browser;
  let close: () => Promise<void>;

  beforeAll(async () => {
    ({ url, browser, close } = await startDemoWithChromium());
  });
  afterAll(() => close?.());

  it('a user turns mail off for the demo category; the next notification records the mail suppressed', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    try {
      await page.goto(`${url}/admin/preferences`);
      await page.getByRole('button', { name: 'Sign in as Bob (operator)' }).click();
      await page.waitForURL(`${url}/admin/preferences`);
      const mail = page.locator('td[data-category="demo"][data-channel="mail"]');
      await expect(mail.getAttribute('data-enabled')).resolves.toBe('true');
      await expect(mail.getAttribute('data-source')).resolves.toBe('default');

      await page.getByRole('button', { name: 'Turn off mail for demo' }).click();
      await page.waitForURL(`${url}/admin/preferences`);
      await expect(mail.getAttribute('data-enabled')).resolves.toBe('false');
      await expect(mail.getAttribute('data-source')).resolves.toBe('user');
      await expect(mail.innerText()).resolves.toContain('your choice');
      const inbox = page.locator('td[data-category="demo"][data-channel="inbox"]');
      await expect(inbox.getAttribute('data-enabled')).resolves.toBe('true');

      await page.getByRole('link', { name: 'Deliveries' }).click();
      await page.waitForURL(`${url}/admin/deliveries`);
      await page.locator('select[name="user"]').selectOption('bob');
      await page.getByRole('button', { name: 'Notify a demo user' }).click();
      await page.waitForURL(`${url}/admin/deliveries`);
      const newest = page.locator('ul.notifications > li').first();
      const mailDelivery = newest.locator('li', { hasText: 'mail →' });
      await expect(mailDelivery.getAttribute('data-status')).resolves.toBe('suppressed');
      await expect(mailDelivery.locator('i').innerText()).resolves.toBe(
        'preference: the user turned mail off for category "demo"',
      );
      const inboxDelivery = newest.locator('li', { hasText: 'inbox →' });
      await expect(inboxDelivery.getAttribute('data-status')).resolves.toBe('sent');

      await page.goto(`${url}/admin/preferences`);
      await page.getByRole('button', { name: 'Use default mail for demo' }).click();
      await page.waitForURL(`${url}/admin/preferences`);
      await expect(mail.getAttribute('data-source')).resolves.toBe('default');
      await expect(mail.getAttribute('data-enabled')).resolves.toBe('true');
    } finally {
      await context.close();
    }
  });

  it("another site's form cannot change a user's preferences", async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    try {
      await page.goto(`${url}/auth/login?next=/admin/preferences`);
      await page.getByRole('button', { name: 'Sign in as Carol (support)' }).click();
      await page.waitForURL(`${url}/admin/preferences`);
      // The same origin without the token (what a forged form sends): refused.
      const status = await page.evaluate(async () => {
        const body = new URLSearchParams({ category: 'demo', channel: 'sms', enabled: 'off' });
        const res = await fetch('/admin/preferences', { method: 'POST', body });
        return res.status;
      });
      expect(status).toBe(403);
      await page.reload();
      const sms = page.locator('td[data-category="demo"][data-channel="sms"]');
      await expect(sms.getAttribute('data-source')).resolves.toBe('default');
    } finally {
      await context.close();
    }
  });
});
