import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { INestApplication } from '@nestjs/common';
import type { Browser } from 'playwright-core';
import request from 'supertest';
import { BURN_COLOURS } from '../apps/demo/src/slo/slo-chart.svg.js';
import { startDemoWithChromium } from './helpers/chromium.js';
import { bearer, loginAs } from './helpers/inbox-demo.js';
import { countColour, decodePng } from './helpers/png.js';

jest.setTimeout(90_000);

describe('the SLO budgets page in a real browser (headless Chromium)', () => {
  let app: INestApplication;
  let url: string;
  let browser: Browser;
  let close: () => Promise<void>;
  let dir: string;

  beforeAll(async () => {
    ({ app, url, browser, close } = await startDemoWithChromium());
    dir = mkdtempSync(join(tmpdir(), 'herald-slo-budgets-'));
  });
  afterAll(async () => {
    await close?.();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('draws each SLO as an SVG chart with the numbers of the samples fed, and screenshots it', async () => {
    const token = await loginAs(app, 'alice');
    const feed = (metric: string, valueMs: number, count: number) =>
      request(app.getHttpServer())
        .post('/slos/samples')
        .set(bearer(token))
        .send({ metric, valueMs, count })
        .expect(200);
    await feed('demo.checkout.latency', 120, 100);
    await feed('demo.checkout.latency', 900, 25);
    await feed('demo.search.latency', 50, 30);
    await feed('demo.search.latency', 400, 10);

    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    try {
      const signIn = await page.goto(`${url}/admin/slos`);
      expect(signIn?.status()).toBe(401);
      await page.getByRole('button', { name: 'Sign in as Alice (admin)' }).click();
      await page.waitForURL(`${url}/admin/slos`);
      await expect(page.title()).resolves.toBe('SLO budgets · Herald demo');

      const checkout = page.getByRole('img', {
        name: 'SLO demo-checkout-p95: error budget and burn rate',
      });
      const search = page.getByRole('img', {
        name: 'SLO demo-search-p50: error budget and burn rate',
      });
      await expect(checkout.isVisible()).resolves.toBe(true);
      await expect(search.isVisible()).resolves.toBe(true);
      await expect(checkout.getAttribute('aria-describedby')).resolves.toBe('slo-chart-0-desc');
      await expect(page.locator('#slo-chart-0-desc').textContent()).resolves.toContain(
        'Burn rate by window: 5m 4.00× (ticket), 30m 4.00× (ticket), 1h 4.00× (ticket), 6h 4.00× (ticket), 3d 4.00× (ticket).',
      );

      const texts = (chart: typeof checkout, selector: string) =>
        chart.locator(selector).allTextContents();
      await expect(texts(checkout, 'text.sli')).resolves.toEqual([
        'SLI p95: 900 ms (target ≤ 300 ms over 5m)',
      ]);
      await expect(texts(checkout, 'text.sli-good')).resolves.toEqual([
        '80 % of 125 samples good; objective 95 %',
      ]);
      await expect(texts(checkout, 'text.budget-label')).resolves.toEqual([
        'Error budget left: 0 % (budget exhausted)',
      ]);
      await expect(texts(checkout, 'text.window')).resolves.toEqual([
        '5m',
        '30m',
        '1h',
        '6h',
        '3d',
      ]);
      await expect(texts(checkout, 'text.bar-value')).resolves.toEqual(Array(5).fill('4.00×'));
      await expect(texts(search, 'text.budget-label')).resolves.toEqual([
        'Error budget left: 50 %',
      ]);
      await expect(texts(search, 'text.bar-value')).resolves.toEqual(Array(6).fill('0.50×'));
      await expect(checkout.locator('text.budget-label').isVisible()).resolves.toBe(true);
      // the browser lays the bars out where the server put them: 4× of a 5× scale is 80 % of 114 units
      const bar = await checkout.locator('rect.bar').first().boundingBox();
      const box = await checkout.boundingBox();
      expect(box).toMatchObject({ width: 640, height: 300 });
      expect(bar!.height).toBeCloseTo(91.2, 0);
      expect(bar!.y - box!.y).toBeCloseTo(172.8, 0);

      const checkoutPng = join(dir, 'slo-checkout.png');
      const searchPng = join(dir, 'slo-search.png');
      await checkout.screenshot({ path: checkoutPng });
      await search.screenshot({ path: searchPng });
      await page.screenshot({ path: join(dir, 'slo-budgets.png'), fullPage: true });

      expect(statSync(checkoutPng).size).toBeGreaterThan(4000);
      const shot = decodePng(readFileSync(checkoutPng));
      // 640 × 300 CSS pixels; a fractional page offset may add one row or column
      expect(shot.width - 640).toBeGreaterThanOrEqual(0);
      expect(shot.width - 640).toBeLessThanOrEqual(1);
      expect(shot.height - 300).toBeGreaterThanOrEqual(0);
      expect(shot.height - 300).toBeLessThanOrEqual(1);
      // five ticket-coloured bars of about 55 × 91 pixels each, and nothing green (budget exhausted)
      expect(countColour(shot, BURN_COLOURS.ticket)).toBeGreaterThan(5 * 50 * 85);
      expect(countColour(shot, BURN_COLOURS.ok)).toBe(0);
      // the exhausted budget's track is drawn in its tint
      expect(countColour(shot, '#fde8e8')).toBeGreaterThan(600 * 9);

      const searchShot = decodePng(readFileSync(searchPng));
      // 640 × 300 CSS pixels; a fractional page offset may add one row or column
      expect(searchShot.width - 640).toBeGreaterThanOrEqual(0);
      expect(searchShot.width - 640).toBeLessThanOrEqual(1);
      expect(searchShot.height - 300).toBeGreaterThanOrEqual(0);
      expect(searchShot.height - 300).toBeLessThanOrEqual(1);
      // six green bars (0.5× of a 2× scale: 28.5 units high) and the half-full budget bar (304 × 12)
      expect(countColour(searchShot, BURN_COLOURS.ok)).toBeGreaterThan(6 * 42 * 25 + 300 * 10);
      expect(countColour(searchShot, '#fde8e8')).toBe(0);
    } finally {
      await context.close();
    }
  });
});
