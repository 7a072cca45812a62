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
      const form = `<form method="post" action="${url}/admin/preferences">
          <input name="category" value="demo" /><input name="channel" value="sms" />
          <input name="enabled" value="off" /></form>
        <script>document.forms[0].submit()</script>`;
      // Chromium keeps the SameSite=Lax cookie home: sent to sign in (303); with the cookie,
      // the guard would answer the foreign Origin with 403 (test/demo-auth.e2e-spec.ts).
      const refusedOrSignIn = (res: { status(): number; headers(): Record<string, string> }) =>
        res.status() === 403 ||
        (res.status() === 303 && res.headers().location.startsWith('/auth/login'));
      // Another site's page posts the form.
      await context.route('http://evil.example/**', (route) =>
        route.fulfill({ contentType: 'text/html', body: form }),
      );
      const foreign = page.waitForResponse(
        (res) => res.url() === `${url}/admin/preferences` && res.request().method() === 'POST',
      );
      await page.goto('http://evil.example/');
      expect(refusedOrSignIn(await foreign)).toBe(true);
      await page.goto(`${url}/admin/preferences`);
      const sms = page.locator('td[data-category="demo"][data-channel="sms"]');
      await expect(sms.getAttribute('data-source')).resolves.toBe('default');
    } finally {
      await context.close();
    }
  });

  it("the demo's own page may post without the token: its Origin names the site", async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    try {
      await page.goto(`${url}/auth/login?next=/admin/preferences`);
      await page.getByRole('button', { name: 'Sign in as Carol (support)' }).click();
      await page.waitForURL(`${url}/admin/preferences`);
      const status = await page.evaluate(async () => {
        const body = new URLSearchParams({ category: 'demo', channel: 'push', enabled: 'off' });
        const res = await fetch('/admin/preferences', { method: 'POST', body, redirect: 'manual' });
        return res.type === 'opaqueredirect' ? 303 : res.status;
      });
      expect([200, 303]).toContain(status);
      await page.reload();
      const push = page.locator('td[data-category="demo"][data-channel="push"]');
      await expect(push.getAttribute('data-source')).resolves.toBe('user');
    } finally {
      await context.close();
    }
  });
});
