import type { Browser } from 'playwright-core';
import { startDemoWithChromium } from './helpers/chromium.js';

jest.setTimeout(90_000);

describe('the channels page in a real browser (headless Chromium)', () => {
  let url: string;
  let browser: Browser;

  let close: () => Promise<void>;

  beforeAll(async () => {
    ({ url, browser, close } = await startDemoWithChromium());
  });
  afterAll(() => close?.());

  it('an anonymous send goes to the sign-in page, which brings the user back to send', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    try {
      await page.goto(`${url}/channels`);
      await page.getByRole('button', { name: 'Send SMS' }).click();
      await page.waitForURL(`${url}/auth/login?next=%2Fchannels`);
      await page.getByRole('button', { name: 'Sign in as Bob (operator)' }).click();
      await page.waitForURL(`${url}/channels`);

      await page.getByRole('button', { name: 'Send SMS' }).click();
      await page.waitForURL(/\/channels\?notice=/);
      await expect(page.locator('main [role="status"]').textContent()).resolves.toBe(
        'Recorded by the log driver (not sent).',
      );
      await expect(page.locator('tbody tr').count()).resolves.toBe(1);
    } finally {
      await context.close();
    }
  });

  it('a sign-in link carrying an off-site next lands on the home page', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    try {
      await page.goto(`${url}/auth/login?next=${encodeURIComponent('/\\evil.example')}`);
      await page.getByRole('button', { name: 'Sign in as Carol (support)' }).click();
      await page.waitForURL(`${url}/`);
      expect(new URL(page.url()).host).toBe(new URL(url).host);
    } finally {
      await context.close();
    }
  });
});
