import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { INestApplication } from '@nestjs/common';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import request from 'supertest';
import { NotificationPreviewService, smsSegments } from '@herald/notification';
import {
  PREVIEW_NOTIFICATIONS,
  PREVIEW_RECIPIENTS,
} from '../apps/demo/src/previews/demo-preview-catalog.js';
import { startDemoWithChromium } from './helpers/chromium.js';
import { axeViolations } from './helpers/inbox-element/browser.js';
import { bearer, loginAs } from './helpers/inbox-demo.js';
import { decodePng } from './helpers/png.js';

jest.setTimeout(300_000);

/** `HERALD_UPDATE_SCREENSHOTS=1` writes the screenshots docs/templates.md shows; otherwise test-output/. */
const SHOTS = process.env.HERALD_UPDATE_SCREENSHOTS
  ? join(__dirname, '..', 'docs', 'images')
  : join(__dirname, '..', 'test-output');

/** The notification preview admin page in a real browser (headless Chromium). */
describe('the notification preview admin page (headless Chromium)', () => {
  let app: INestApplication;
  let url: string;
  let browser: Browser;
  let close: () => Promise<void>;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    ({ app, url, browser, close } = await startDemoWithChromium());
    mkdirSync(SHOTS, { recursive: true });
    context = await browser.newContext({ viewport: { width: 1100, height: 900 } });
    page = await context.newPage();
    await page.goto(`${url}/admin/previews`);
    await page.getByRole('button', { name: 'Sign in as Bob (operator)' }).click();
    await page.waitForURL(`${url}/admin/previews`);
  });
  afterAll(async () => {
    await context?.close();
    await close?.();
  });

  /** Picks the form's values by their labels and submits it. */
  const choose = async (
    values: Partial<Record<'Class' | 'Channel' | 'Recipient' | 'Locale', string>>,
  ) => {
    for (const [label, value] of Object.entries(values))
      await page.getByLabel(label, { exact: true }).selectOption(value);
    await Promise.all([
      page.waitForURL(/\/admin\/previews\?/),
      page.getByRole('button', { name: 'Show preview' }).click(),
    ]);
  };
  const text = async (selector: string) => (await page.locator(selector).textContent())!.trim();
  const mailFrame = () => page.frameLocator('#mail-frame');

  it('lists every notification class and shows the mail in a sandboxed frame with its text part', async () => {
    const classes = await page
      .locator('table.classes tbody tr')
      .evaluateAll((rows) =>
        rows.map((r) => [r.getAttribute('data-class'), r.querySelectorAll('td')[1].textContent]),
      );
    expect(classes).toEqual([
      ['order-shipped', 'demo.order-shipped'],
      ['sign-in-code', 'demo.sign-in-code'],
      ['welcome', 'demo.welcome'],
    ]);
    const frame = page.locator('#mail-frame');
    // sandboxed with no permission at all: no scripts, no forms, no top navigation
    await expect(frame.getAttribute('sandbox')).resolves.toBe('');
    await expect(text('#mail-subject')).resolves.toBe('Your order A-1042 has shipped');
    await expect(mailFrame().locator('h1').textContent()).resolves.toBe('Hello Sam,');
    await expect(mailFrame().locator('body').textContent()).resolves.toContain('Total: €1,234.50');
    await expect(mailFrame().locator('html').getAttribute('dir')).resolves.toBe('ltr');
    await expect(text('#mail-text')).resolves.toContain('3 items on the way.');
    await expect(text('#mail-text')).resolves.toContain('https://shop.example/orders/A-1042');
    await expect(axeViolations(page, { skipFrames: ['#mail-frame'] })).resolves.toEqual([]);
    const shot = join(SHOTS, 'preview-mail.png');
    await page.screenshot({ path: shot, fullPage: true });
    expect(decodePng(readFileSync(shot)).width).toBeGreaterThan(600);
  });

  it('switches class, channel and locale: the SMS with the segment count smsSegments() gives', async () => {
    await choose({ Class: 'sign-in-code', Channel: 'sms', Locale: 'de' });
    expect(new URL(page.url()).searchParams.get('locale')).toBe('de');
    const body = await text('#sms-body');
    expect(body).toBe('Herald-Code: 482913 (gültig 10 Min.). Niemals weitergeben.');
    const info = smsSegments(body);
    await expect(text('#sms-encoding')).resolves.toBe(info.encoding);
    await expect(text('#sms-segments')).resolves.toBe(String(info.segments));
    expect(info.encoding).toBe('GSM-7');

    // Arabic: every character outside GSM 03.38, so UCS-2 and more segments for the same order
    await choose({ Class: 'order-shipped', Channel: 'sms', Locale: 'ar' });
    const arabic = await text('#sms-body');
    const arabicInfo = smsSegments(arabic);
    expect(arabicInfo.encoding).toBe('UCS-2');
    expect(arabicInfo.segments).toBeGreaterThanOrEqual(2);
    await expect(text('#sms-encoding')).resolves.toBe('UCS-2');
    await expect(text('#sms-segments')).resolves.toBe(String(arabicInfo.segments));
    await expect(page.locator('#sms-body').getAttribute('dir')).resolves.toBe('rtl');
    await expect(axeViolations(page, { skipFrames: ['#mail-frame'] })).resolves.toEqual([]);

    await choose({ Locale: 'en' });
    const english = await text('#sms-body');
    await expect(text('#sms-segments')).resolves.toBe(String(smsSegments(english).segments));
    await page.locator('section.preview').screenshot({ path: join(SHOTS, 'preview-sms.png') });
  });

  it('renders right to left: the Arabic mail frame has dir=rtl, lang=ar', async () => {
    await choose({ Class: 'order-shipped', Channel: 'mail', Recipient: 'layla', Locale: 'ar' });
    const frame = page.locator('#mail-frame');
    await expect(frame.getAttribute('dir')).resolves.toBe('rtl');
    await expect(frame.getAttribute('sandbox')).resolves.toBe('');
    await expect(mailFrame().locator('html').getAttribute('dir')).resolves.toBe('rtl');
    await expect(mailFrame().locator('html').getAttribute('lang')).resolves.toBe('ar');
    await expect(mailFrame().locator('h1').textContent()).resolves.toBe('مرحبًا ليلى،');
    await expect(text('#mail-subject')).resolves.toBe('تم شحن طلبك A-1042');
    await expect(page.locator('#mail-text').getAttribute('dir')).resolves.toBe('rtl');
    await expect(axeViolations(page, { skipFrames: ['#mail-frame'] })).resolves.toEqual([]);
    await page.screenshot({ path: join(SHOTS, 'preview-mail-rtl.png'), fullPage: true });
  });

  it('shows the push as a device card with its APNs and FCM sizes, and the inbox item', async () => {
    await choose({ Class: 'order-shipped', Channel: 'push', Recipient: 'ada', Locale: 'de' });
    await expect(text('#push-title')).resolves.toBe('Ihre Bestellung A-1042 ist unterwegs');
    const { label: _label, ...ada } = PREVIEW_RECIPIENTS.ada;
    const sizes = (
      await app
        .get(NotificationPreviewService)
        .render(PREVIEW_NOTIFICATIONS['order-shipped'].create(), ada, 'push', 'de')
    ).push!;
    await expect(text('#push-apns')).resolves.toBe(`${sizes.apns} of 4096 bytes`);
    await expect(text('#push-fcm')).resolves.toBe(`${sizes.fcm} of 4096 bytes`);
    const card = await page.locator('.device').boundingBox();
    expect(card!.width).toBe(360);
    await expect(axeViolations(page, { skipFrames: ['#mail-frame'] })).resolves.toEqual([]);
    await page.locator('section.preview').screenshot({ path: join(SHOTS, 'preview-push.png') });

    await choose({ Channel: 'inbox' });
    await expect(text('#inbox-title')).resolves.toBe('Ihre Bestellung A-1042 ist unterwegs');
    await expect(text('#inbox-body')).resolves.toContain('3 Artikel unterwegs.');
    await expect(axeViolations(page, { skipFrames: ['#mail-frame'] })).resolves.toEqual([]);

    // a class with render methods, not templates
    await choose({ Class: 'welcome', Channel: 'sms', Recipient: 'sam', Locale: 'en' });
    await expect(text('#sms-body')).resolves.toBe('Herald demo: hello Sam, from Herald admin');
  });

  it('escapes what it shows: markup in a template value never runs', async () => {
    const markup = '<script>window.__previewXss = 1</script>';
    // file templates (Handlebars in the frame) and render methods (the page's own escaping)
    for (const [cls, channel] of [
      ['order-shipped', 'mail'],
      ['welcome', 'mail'],
      ['welcome', 'sms'],
      ['welcome', 'inbox'],
    ]) {
      await page.goto(
        `${url}/admin/previews?class=${cls}&channel=${channel}&recipient=mallory&locale=en`,
      );
      const shown =
        channel === 'mail'
          ? await mailFrame().locator('body').textContent()
          : await page.locator('section.preview').textContent();
      expect(shown).toContain(markup);
      expect(await page.locator('section.preview script, section.preview img').count()).toBe(0);
      if (channel === 'mail')
        await expect(mailFrame().locator('script, img').count()).resolves.toBe(0);
      await expect(page.evaluate(() => (window as any).__previewXss)).resolves.toBeUndefined();
    }
  });

  it('answers 400 naming the value and what is allowed; 401 without a sign-in', async () => {
    const token = await loginAs(app, 'bob');
    const server = app.getHttpServer();
    const bad = async (query: string) =>
      (
        await request(server)
          .get(`/admin/previews?${query}`)
          .set(bearer(token))
          .set('Accept', 'application/json')
          .expect(400)
      ).body.message.join(' ');
    await expect(bad('class=Nope')).resolves.toBe(
      'class "Nope" is not a notification class of the demo; use one of: order-shipped, sign-in-code, welcome',
    );
    await expect(bad('channel=fax')).resolves.toBe(
      'channel "fax" is not a channel the preview shows; use one of: mail, sms, push, inbox',
    );
    await expect(bad('locale=fr')).resolves.toBe(
      'locale "fr" has no messages in the demo templates; use one of: en, de, ar',
    );
    await expect(bad('recipient=bob')).resolves.toContain(
      'recipient "bob" is not a sample recipient',
    );
    await request(server).get('/admin/previews').set('Accept', 'application/json').expect(401);
  });
});
