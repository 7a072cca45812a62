import type { Browser, BrowserContext, Page } from 'playwright-core';
import { FakeInboxServer } from '../libs/inbox-client/test-support/fake-inbox-server.js';
import { launchChromium } from './helpers/chromium.js';
import { axeViolations } from './helpers/inbox-element/browser.js';
import { elementTestPage } from './helpers/inbox-element/page.js';

jest.setTimeout(120_000);

/**
 * `<herald-inbox base-url>` with its own real client (HeraldInboxClient) against the
 * contract's fake server, same origin (the page server proxies /admin/notifications),
 * cookie-style session: every operation reaches the server, live messages arrive, and
 * a server restart mid-stream loses and doubles nothing.
 */
describe('<herald-inbox> with the real client against the fake inbox server', () => {
  let browser: Browser;
  let server: FakeInboxServer;
  let pages: { url: string; close(): Promise<void> };
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    server = await FakeInboxServer.start();
    server.sessionUser = 'ada';
    pages = await elementTestPage({
      prefix: '/admin/notifications',
      target: new URL(server.baseUrl).origin,
    });
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await pages?.close();
    await server?.close();
  });
  beforeEach(async () => {
    context = await browser.newContext();
    page = await context.newPage();
  });
  afterEach(() => context?.close());

  const article = (title: string) => page.getByRole('article', { name: title });
  const stored = (title: string) => server.stored('ada').find((m) => m.title === title)!;
  const until = async (check: () => boolean) => {
    while (!check()) await new Promise((resolve) => setTimeout(resolve, 50));
  };

  it('every operation reaches the server; live messages and a restart lose and double nothing', async () => {
    const day = 86_400_000;
    server.send('ada', { title: 'Weekly report', createdAt: new Date(Date.now() - 3 * day) });
    server.send('ada', {
      title: 'New comment',
      body: 'Ada: ship it',
      createdAt: new Date(Date.now() - 3_600_000),
    });
    server.send('ada', {
      title: 'Deploy finished',
      severity: 'high',
      actions: [
        { label: 'View deploy', url: '/deploys/42' },
        { label: 'Roll back', actionId: 'rollback' },
      ],
    });
    await page.goto(pages.url);
    await page.waitForFunction('!!window.herald');
    await page.evaluate(() => {
      const el = document.createElement('herald-inbox');
      el.setAttribute('base-url', '/admin/notifications');
      (window as any).inbox = el;
      document.getElementById('host')!.append(el);
    });
    await page.getByRole('button', { name: 'Notifications, 3 unread' }).click();
    await article('Deploy finished').waitFor();
    await until(() => server.stored('ada').every((m) => m.seenAt !== null)); // opened: seen
    await expect(axeViolations(page)).resolves.toEqual([]);

    await article('New comment').getByRole('button', { name: 'Mark read' }).click();
    await page.getByRole('button', { name: 'Notifications, 2 unread' }).waitFor();
    await until(() => stored('New comment').readAt !== null);

    await article('Deploy finished').getByRole('button', { name: 'Roll back' }).click();
    await until(() => server.actionsRun.some((a) => a.actionId === 'rollback'));

    await article('Weekly report').getByRole('button', { name: 'Archive' }).click();
    await until(() => stored('Weekly report').archivedAt !== null);
    await page.getByRole('tab', { name: /^Archived\b/ }).click();
    await article('Weekly report').waitFor();
    await page.getByRole('tab', { name: /^All\b/ }).click();

    const before = Date.now();
    await article('New comment').getByRole('button', { name: 'Snooze', exact: true }).click();
    await article('New comment').getByRole('button', { name: '1 hour' }).click();
    await until(() => stored('New comment').snoozedUntil !== null);
    expect(stored('New comment').snoozedUntil!.getTime() - before).toBeGreaterThan(3_500_000);
    await page.getByRole('tab', { name: /^Snoozed\b/ }).click();
    await article('New comment').getByRole('button', { name: 'Unsnooze' }).click();
    await until(() => stored('New comment').snoozedUntil === null);
    await page.getByRole('tab', { name: /^All\b/ }).click();

    await page.getByRole('button', { name: 'Preferences' }).click();
    const first = page.getByRole('switch').first();
    await expect(first.isChecked()).resolves.toBe(true);
    await first.click();
    await until(() =>
      server.requests.some((r) => r.method === 'PUT' && r.path.endsWith('/preferences')),
    );
    expect(server.requests.filter((r) => r.method === 'PUT').at(-1)!.body).toMatchObject({
      enabled: false,
    });
    await page.getByRole('button', { name: 'Back to notifications' }).click();

    // a message from elsewhere arrives live, and is announced
    server.send('ada', { title: 'Sent from another tab' });
    await article('Sent from another tab').waitFor();
    await page.waitForFunction(
      () =>
        (window as any).inbox.shadowRoot.querySelector('[role=status]').textContent ===
        '1 new notification',
    );

    // the server restarts mid-stream: the element's client reconnects; nothing lost, nothing twice
    await server.restart();
    await until(() => server.openStreams > 0);
    server.send('ada', { title: 'After the restart' });
    await article('After the restart').waitFor();
    const titles = await page.locator('herald-inbox article h3').allTextContents();
    expect(titles.filter((t) => t === 'Sent from another tab')).toHaveLength(1);
    expect(titles.filter((t) => t === 'After the restart')).toHaveLength(1);
    await page.getByRole('button', { name: /^Notifications, \d+ unread$/ }).waitFor();
    const unread = server.stored('ada').filter((m) => !m.readAt && !m.archivedAt).length;
    await page.getByRole('button', { name: `Notifications, ${unread} unread` }).waitFor();
  });
});
