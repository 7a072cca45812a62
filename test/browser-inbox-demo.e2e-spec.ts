import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchChromium } from './helpers/chromium.js';
import { openDemoPostgresSchema, type DemoPostgresSchema } from './helpers/demo-postgres.js';
import { axeViolations, focused } from './helpers/inbox-element/browser.js';
import {
  assertDemoBuilt,
  DemoApi,
  eventually,
  freePort,
  listedTitles,
  RestartableDemo,
  settled,
} from './helpers/inbox-demo-browser.js';

jest.setTimeout(180_000);

/** `HERALD_UPDATE_SCREENSHOTS=1` writes the screenshots docs/inbox.md shows; otherwise test-output/. */
const SHOTS = process.env.HERALD_UPDATE_SCREENSHOTS
  ? join(__dirname, '..', 'docs', 'images')
  : join(__dirname, '..', 'test-output');

/** A theme through the element's custom properties only (docs/inbox.md shows it). */
const THEME = `herald-inbox {
  --herald-color-bg: #14161f;
  --herald-color-fg: #f3f4f6;
  --herald-color-muted: #c4c9d4;
  --herald-color-border: #3b4252;
  --herald-color-accent: #c4b5fd;
  --herald-color-accent-fg: #1e1b4b;
  --herald-color-unread-bg: #232845;
  --herald-color-badge-bg: #f472b6;
  --herald-color-badge-fg: #1f1020;
  --herald-color-danger: #fca5a5;
  --herald-radius: 16px;
  --herald-font: Georgia, serif;
}`;

const SEEDED = ['Nightly backup finished', 'Try the live bell', 'Welcome to Herald'];
/** An unsnoozed message is listed again on top (docs/inbox-contract.md, ordering). */
const AFTER_SNOOZE = ['Welcome to Herald', 'Try the live bell', 'Nightly backup finished'];

/**
 * Item 6 of issue 24: `<herald-inbox>` as the demo serves it (the built demo,
 * `node apps/demo/dist/main.js`, on PostgreSQL), driven in headless Chromium
 * through the element only, signed in with the demo's cookie. The tests run in
 * order on one signed-in page: each starts from the state the previous one left.
 */
describe('<herald-inbox> on the demo (built demo on PostgreSQL, headless Chromium)', () => {
  let database: DemoPostgresSchema;
  let demo: RestartableDemo;
  /** A second instance on the same database: it sends while the first one is down. */
  let other: RestartableDemo;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let alice: DemoApi;
  let aliceViaOther: DemoApi;

  const bell = (p = page) => p.getByRole('button', { name: /^Notifications, \d+ unread$/ });
  const panel = (p = page) => p.getByRole('dialog', { name: 'Notifications' });
  const article = (title: string, p = page) => p.getByRole('article', { name: title });
  const tab = (name: string) => page.getByRole('tab', { name: new RegExp(`^${name}\\b`) });
  const bellSays = (n: number, p = page) =>
    p.getByRole('button', { name: `Notifications, ${n} unread` }).waitFor();
  const noViolations = async (p = page) => expect(await axeViolations(p)).toEqual([]);
  const openPanel = async () => {
    if (!(await panel().isVisible())) await bell().click();
    await panel().waitFor();
    await settled(page);
  };
  const selectTab = async (name: string) => {
    await tab(name).click();
    await page.waitForFunction(
      (n) =>
        [
          ...(document.querySelector('herald-inbox')?.shadowRoot?.querySelectorAll('[role=tab]') ??
            []),
        ].some((t) => t.getAttribute('aria-selected') === 'true' && t.textContent!.startsWith(n)),
      name,
    );
    await settled(page);
  };
  const titlesAre = (expected: string[]) =>
    page.waitForFunction(
      (want) =>
        JSON.stringify(
          [
            ...(document
              .querySelector('herald-inbox')
              ?.shadowRoot?.querySelectorAll('article h3') ?? []),
          ].map((h) => h.textContent),
        ) === JSON.stringify(want),
      expected,
    );

  beforeAll(async () => {
    assertDemoBuilt();
    database = await openDemoPostgresSchema();
    const env = {
      ...database.env,
      DEMO_AUTH_SECRET: `browser-inbox-demo-${process.pid}-0123456789abcdef`,
      DEMO_REDIS_URL: '',
    };
    demo = new RestartableDemo(await freePort(), env);
    await demo.start();
    other = new RestartableDemo(await freePort(), env);
    await other.start();
    alice = new DemoApi(() => demo.url, 'alice');
    aliceViaOther = new DemoApi(() => other.url, 'alice');
    await alice.login();
    await aliceViaOther.login();
    browser = await launchChromium();
    context = await browser.newContext({ timezoneId: 'UTC', locale: 'en-US' });
    context.setDefaultTimeout(90_000); // a restarted stream waits out its backoff (up to 30 s)
    page = await context.newPage();
    await page.goto(`${demo.url}/auth/login?next=/admin/preferences`);
    await page.getByRole('button', { name: 'Sign in as Alice (admin)' }).click();
    await page.waitForURL(`${demo.url}/admin/preferences`);
    await page.waitForFunction(() => !!customElements.get('herald-inbox'));
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    await demo?.kill();
    await other?.kill();
    await database?.close();
  });

  it('closed: the topbar shows the element with the exact unread count, its fallback link hidden; no violations', async () => {
    await bellSays(3);
    await expect(bell().getAttribute('aria-expanded')).resolves.toBe('false');
    await expect(page.locator('herald-inbox .badge').textContent()).resolves.toBe('3');
    // the server-rendered link inside the element is its fallback: not shown once it upgraded
    await expect(page.locator('herald-inbox > a.bell').isVisible()).resolves.toBe(false);
    await expect(
      page.getByRole('link', { name: /Notifications, \d+ unread/ }).count(),
    ).resolves.toBe(0);
    await expect(panel().isVisible()).resolves.toBe(false);
    await noViolations();
  });

  it('open: the bell opens the panel with the seeded messages, and opening marks them seen', async () => {
    expect((await alice.list('status=inbox')).unseen_count).toBe(3);
    await bell().click();
    await panel().waitFor();
    await expect(bell().getAttribute('aria-expanded')).resolves.toBe('true');
    await settled(page);
    await titlesAre(SEEDED);
    await eventually('the seeded messages are seen', async () => {
      const inbox = await alice.list('status=inbox');
      return inbox.unseen_count === 0 && inbox.notifications.every((m: any) => m.seen === true);
    });
    // seen is not read
    expect((await alice.list('status=inbox')).unread_count).toBe(3);
    await bellSays(3);
    await noViolations();
  });

  it('tabs: Unread lists the unread ones, Archived and Snoozed are empty; each state has no violations', async () => {
    await selectTab('Unread');
    await titlesAre(SEEDED);
    await noViolations();
    await selectTab('Archived');
    await titlesAre([]);
    await page.getByText('You are all caught up.').waitFor();
    await noViolations();
    await selectTab('Snoozed');
    await titlesAre([]);
    await noViolations();
    await selectTab('All');
    await titlesAre(SEEDED);
  });

  it('read and unread: the item, the server and the bell agree', async () => {
    await article('Welcome to Herald').getByRole('button', { name: 'Mark read' }).click();
    await bellSays(2);
    await eventually(
      'Welcome is read on the server',
      async () => (await alice.message('Welcome to Herald')).read,
    );
    await article('Welcome to Herald').getByRole('button', { name: 'Mark unread' }).click();
    await bellSays(3);
    await eventually(
      'Welcome is unread again',
      async () => !(await alice.message('Welcome to Herald')).read,
    );
  });

  it('archive and unarchive: the message moves between All and Archived', async () => {
    await article('Nightly backup finished').getByRole('button', { name: 'Archive' }).click();
    await titlesAre(['Try the live bell', 'Welcome to Herald']);
    await eventually(
      'archived on the server',
      async () => (await alice.message('Nightly backup finished')).archived,
    );
    await selectTab('Archived');
    await titlesAre(['Nightly backup finished']);
    await noViolations();
    await article('Nightly backup finished').getByRole('button', { name: 'Unarchive' }).click();
    await titlesAre([]);
    await eventually(
      'unarchived',
      async () => !(await alice.message('Nightly backup finished')).archived,
    );
    await selectTab('All');
    await titlesAre(SEEDED);
  });

  it('snooze: a preset (1 hour) and a custom time; a past time is refused; unsnooze brings it back', async () => {
    const item = article('Try the live bell');
    await item.getByRole('button', { name: 'Snooze' }).click();
    await item.getByRole('button', { name: '1 hour' }).waitFor();
    await noViolations(); // the snooze menu open
    const before = Date.now();
    await item.getByRole('button', { name: '1 hour' }).click();
    await titlesAre(['Nightly backup finished', 'Welcome to Herald']);
    let snoozed: any;
    await eventually('snoozed on the server', async () => {
      snoozed = await alice.message('Try the live bell');
      return snoozed.snoozed_until !== null;
    });
    const until = Date.parse(snoozed.snoozed_until);
    expect(until).toBeGreaterThanOrEqual(before + 59 * 60_000);
    expect(until).toBeLessThanOrEqual(Date.now() + 61 * 60_000);
    await selectTab('Snoozed');
    await titlesAre(['Try the live bell']);
    await article('Try the live bell').getByRole('button', { name: 'Unsnooze' }).click();
    await titlesAre([]);
    await eventually(
      'unsnoozed',
      async () => (await alice.message('Try the live bell')).snoozed_until === null,
    );
    await selectTab('All');
    await titlesAre(['Try the live bell', 'Nightly backup finished', 'Welcome to Herald']);

    // a custom time: the page's time zone is UTC, so the local input is the UTC time
    const custom = article('Welcome to Herald');
    await custom.getByRole('button', { name: 'Snooze' }).click();
    const input = custom.getByLabel('Until');
    await input.fill('2020-01-01T09:00');
    await custom.getByRole('button', { name: 'Snooze until then' }).click();
    await custom.getByText('Pick a time in the future.').waitFor();
    await expect(input.getAttribute('aria-invalid')).resolves.toBe('true');
    await noViolations(); // the refused custom time
    const later = new Date(Date.now() + 3 * 24 * 3_600_000);
    later.setUTCSeconds(0, 0);
    await input.fill(later.toISOString().slice(0, 16));
    await custom.getByRole('button', { name: 'Snooze until then' }).click();
    await titlesAre(['Try the live bell', 'Nightly backup finished']);
    await eventually('snoozed until the custom time', async () => {
      const m = await alice.message('Welcome to Herald');
      return m.snoozed_until !== null && Date.parse(m.snoozed_until) === later.getTime();
    });
    await selectTab('Snoozed');
    await article('Welcome to Herald').getByRole('button', { name: 'Unsnooze' }).click();
    await titlesAre([]);
    await selectTab('All');
    await titlesAre(AFTER_SNOOZE);
  });

  it('a message sent in another tab (the page form) appears live, once, and moves the bell', async () => {
    await openPanel();
    const second = await context.newPage();
    try {
      await second.goto(`${demo.url}/admin/notifications`);
      // on the inbox page the element opens by itself: the page's list is the element
      await panel(second).waitFor();
      await expect(second.locator('.inbox-fallback').isVisible()).resolves.toBe(false);
      await settled(second);
      await noViolations(second); // the inbox page, the element open on it
      await second.keyboard.press('Escape');
      await second.getByLabel('Title').fill('Sent from the other tab');
      await second.getByRole('button', { name: 'Send', exact: true }).click();
      await second.waitForURL(`${demo.url}/admin/notifications`);
    } finally {
      await second.close();
    }
    await titlesAre(['Sent from the other tab', ...AFTER_SNOOZE]);
    await bellSays(4);
    await page.waitForFunction(() =>
      /1 new notification/.test(
        document.querySelector('herald-inbox')?.shadowRoot?.querySelector('[role=status]')
          ?.textContent ?? '',
      ),
    );
  });

  it('actions: a URL action is a link; an action id is posted back and marks the message read', async () => {
    await alice.send({
      title: 'Deploy finished',
      body: 'api v2.3 is live',
      severity: 'high',
      tags: ['deploys'],
      actions: [
        { label: 'View the report', url: '/admin/preferences' },
        { label: 'Acknowledge', action_id: 'deploy.ack' },
      ],
    });
    await titlesAre(['Deploy finished', 'Sent from the other tab', ...AFTER_SNOOZE]);
    const deploy = article('Deploy finished');
    await expect(
      deploy.getByRole('link', { name: 'View the report' }).getAttribute('href'),
    ).resolves.toBe(`${demo.url}/admin/preferences`);
    await noViolations();
    const id = (await alice.message('Deploy finished')).id;
    const posted = page.waitForResponse(
      (res) =>
        res.url().endsWith(`/messages/${id}/actions/deploy.ack`) &&
        res.request().method() === 'POST',
    );
    await deploy.getByRole('button', { name: 'Acknowledge' }).click();
    const answer = await posted;
    expect(answer.status()).toBe(200);
    await expect(answer.json()).resolves.toEqual({
      message_id: id,
      action_id: 'deploy.ack',
      done: true,
    });
    await eventually(
      'the acted-on message is read',
      async () => (await alice.message('Deploy finished')).read,
    );
    await bellSays(4);

    // the URL action opens its page (and the message was read already)
    await deploy.getByRole('link', { name: 'View the report' }).click();
    await page.waitForURL(`${demo.url}/admin/preferences`);
    await page.waitForFunction(() => !!customElements.get('herald-inbox'));
  });

  it('mark all read: every message of the tab, on the server too', async () => {
    await openPanel();
    await page.getByRole('button', { name: 'Mark all read' }).click();
    await bellSays(0);
    await eventually(
      'nothing unread on the server',
      async () => (await alice.list('status=inbox')).unread_count === 0,
    );
    await expect(page.locator('herald-inbox article.unread').count()).resolves.toBe(0);
    await noViolations();
  });

  it('preferences: the panel lists channel switches; a toggle reaches the server and back', async () => {
    await openPanel();
    await page.getByRole('button', { name: 'Preferences' }).click();
    const first = page.getByRole('switch').first();
    await first.waitFor();
    await noViolations();
    const category = await first.getAttribute('data-cat');
    const channel = await first.getAttribute('data-ch');
    const enabledOnServer = async () =>
      (await alice.ok('GET', 'preferences')).topics
        .find((t: any) => t.category === category)
        .channels.find((c: any) => c.channel === channel).enabled as boolean;
    const was = await enabledOnServer();
    await expect(first.isChecked()).resolves.toBe(was);
    await first.click();
    await eventually('the preference changed', async () => (await enabledOnServer()) === !was);
    await first.click();
    await eventually('the preference changed back', async () => (await enabledOnServer()) === was);
    await page.getByRole('button', { name: 'Back to notifications' }).click();
    await settled(page);
  });

  it('the server is killed mid-stream and started again: offline and error states, then no message lost or shown twice', async () => {
    await openPanel();
    const before = await listedTitles(page);
    await demo.kill();
    await page.getByText('Offline: reconnecting…').waitFor();
    await noViolations(); // offline
    // sent through the other instance while this one is down: the element's stream never carried them
    await aliceViaOther.send({ title: 'Sent while down 1' });
    await aliceViaOther.send({ title: 'Sent while down 2' });
    // the list cannot load while the server is down: the error state
    await page.keyboard.press('Escape');
    await bell().click();
    await page.getByText('Notifications could not be loaded.').waitFor();
    await noViolations(); // error
    await demo.start();
    await page.getByRole('button', { name: 'Retry' }).click();
    const expected = ['Sent while down 2', 'Sent while down 1', ...before];
    await titlesAre(expected);
    await bellSays(2);
    // the stream is back: a message sent now arrives live, once
    await page.waitForFunction(
      () => !/Offline/.test(document.querySelector('herald-inbox')!.shadowRoot!.textContent!),
    );
    await alice.send({ title: 'Sent after the restart' });
    await titlesAre(['Sent after the restart', ...expected]);
    await bellSays(3);
    const titles = await listedTitles(page);
    expect(new Set(titles).size).toBe(titles.length);
  });

  it('keyboard only: Tab to the bell, open, move between tabs, mark one read, Esc closes and returns focus', async () => {
    await page.goto(`${demo.url}/admin/preferences`);
    await page.waitForFunction(() => !!customElements.get('herald-inbox'));
    await bellSays(3);
    let found = false;
    for (let i = 0; i < 30 && !found; i++) {
      await page.keyboard.press('Tab');
      found = (await focused(page)).name === 'Notifications, 3 unread';
    }
    expect(found).toBe(true);
    await page.keyboard.press('Enter');
    await panel().waitFor();
    await expect(focused(page)).resolves.toMatchObject({ role: 'tab', k: 'tab:0' });
    await settled(page);
    await page.keyboard.press('ArrowRight');
    await page.waitForFunction(() => {
      let el = document.activeElement;
      while (el?.shadowRoot?.activeElement) el = el.shadowRoot.activeElement;
      return el?.getAttribute('data-k') === 'tab:1';
    });
    await settled(page);
    await titlesAre(['Sent after the restart', 'Sent while down 2', 'Sent while down 1']);
    // Tab through the panel to the first "Mark read" and press it
    let k: string | null = null;
    for (let i = 0; i < 20; i++) {
      await page.keyboard.press('Tab');
      k = (await focused(page)).k;
      if (k?.startsWith('read:')) break;
    }
    expect(k).toMatch(/^read:/);
    const id = k!.slice('read:'.length);
    await page.keyboard.press('Enter');
    await bellSays(2);
    await eventually('read through the keyboard', async () =>
      (await alice.list()).notifications.some((m: any) => m.id === id && m.read),
    );
    await page.keyboard.press('Escape');
    await expect(panel().isVisible()).resolves.toBe(false);
    await expect(focused(page)).resolves.toMatchObject({ name: 'Notifications, 2 unread' });
  });

  it('empty: "Archive all" empties the tab, the empty state has no violations', async () => {
    await openPanel();
    await selectTab('All');
    await page.getByRole('button', { name: 'Archive all' }).click();
    await titlesAre([]);
    await page.getByText('You are all caught up.').waitFor();
    await noViolations();
    await eventually(
      'all archived on the server',
      async () => (await alice.list('status=inbox')).notifications.length === 0,
    );
  });

  it('screenshots: the default look and a theme set through custom properties only, both without violations', async () => {
    await alice.ok('POST', 'bulk/archive', {}); // three fresh messages on an empty inbox
    await alice.send({ title: 'Invoice #1042 paid', body: 'Acme Corp paid 1,250.00 EUR.' });
    await alice.send({
      title: 'New comment on "Q3 plan"',
      body: 'Ada: looks good to me, ship it.',
      action_url: '/admin/preferences',
    });
    await alice.send({
      title: 'Deploy finished',
      body: 'api v2.3 is live in eu-west-1.',
      severity: 'high',
      actions: [
        { label: 'View deploy', url: '/admin/deliveries' },
        { label: 'Roll back', action_id: 'deploy.rollback' },
      ],
    });
    await page.setViewportSize({ width: 960, height: 720 }); // the topbar wraps: no sideways scrolling
    await page.goto(`${demo.url}/admin/preferences`);
    await page.waitForFunction(() => !!customElements.get('herald-inbox'));
    await bellSays(3);
    await openPanel();
    await titlesAre(['Deploy finished', 'New comment on "Q3 plan"', 'Invoice #1042 paid']);
    mkdirSync(SHOTS, { recursive: true });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(960);
    // the bell and its open panel, with a margin
    const [b, p] = [(await bell().boundingBox())!, (await panel().boundingBox())!];
    const x = Math.max(0, Math.min(b.x, p.x) - 16);
    const clip = {
      x,
      y: Math.max(0, b.y - 16),
      width: Math.min(960, Math.max(b.x + b.width, p.x + p.width) + 16) - x,
      height: Math.min(720, p.y + p.height + 16) - Math.max(0, b.y - 16),
    };
    await page.screenshot({ path: join(SHOTS, 'inbox-demo-default.png'), clip });
    // the theme docs/inbox.md shows is the one applied here
    expect(readFileSync(join(__dirname, '..', 'docs', 'inbox.md'), 'utf8')).toContain(THEME);
    await page.addStyleTag({ content: THEME });
    await noViolations();
    await page.screenshot({ path: join(SHOTS, 'inbox-demo-themed.png'), clip });
  });
});
