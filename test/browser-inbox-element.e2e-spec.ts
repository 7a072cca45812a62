import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchChromium } from './helpers/chromium.js';
import { axeViolations, calls, focused, mount } from './helpers/inbox-element/browser.js';
import { elementTestPage } from './helpers/inbox-element/page.js';

jest.setTimeout(90_000);

describe('<herald-inbox> in a real browser (headless Chromium, scripted client)', () => {
  let browser: Browser;
  let server: { url: string; close(): Promise<void> };
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    server = await elementTestPage();
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });
  beforeEach(async () => {
    context = await browser.newContext();
    page = await context.newPage();
    await page.goto(server.url);
  });
  afterEach(() => context?.close());

  const bell = () => page.getByRole('button', { name: /^Notifications, \d+ unread$/ });
  const panel = () => page.getByRole('dialog', { name: 'Notifications' });
  const article = (title: string) => page.getByRole('article', { name: title });
  const titles = () => page.locator('herald-inbox article h3').allTextContents();
  const statusText = () =>
    page.evaluate(
      () => (window as any).inbox.shadowRoot.querySelector('[role=status]').textContent,
    );

  it('closed: a named bell with the exact count, the badge, a live region present from the start, no violations', async () => {
    await mount(page);
    await expect(bell().getAttribute('aria-label')).resolves.toBe('Notifications, 3 unread');
    await expect(bell().getAttribute('aria-expanded')).resolves.toBe('false');
    await expect(page.locator('herald-inbox .badge').textContent()).resolves.toBe('3');
    await expect(page.locator('herald-inbox [role=status]').count()).resolves.toBe(1);
    await expect(panel().isVisible()).resolves.toBe(false);
    // styles are adopted by the shadow root: nothing is written to <head>
    const styles = await page.evaluate(() => ({
      adopted: (window as any).inbox.shadowRoot.adoptedStyleSheets.length,
      head: document.head.querySelectorAll('style, link[rel=stylesheet]').length,
    }));
    expect(styles).toEqual({ adopted: 1, head: 0 });
    await expect(axeViolations(page)).resolves.toEqual([]);
  });

  it('the badge says 99+ while the name keeps the exact number; badge="unseen" counts unseen', async () => {
    await mount(page, { items: 120 });
    await expect(bell().getAttribute('aria-label')).resolves.toBe('Notifications, 120 unread');
    await expect(page.locator('herald-inbox .badge').textContent()).resolves.toBe('99+');
    await page.evaluate(() => (window as any).inbox.setAttribute('badge', 'unseen'));
    await page.getByRole('button', { name: 'Notifications, 120 new' }).waitFor();
  });

  it('keyboard only: Tab to the bell, Enter opens and focuses the selected tab, arrows move between tabs, Esc closes and returns focus', async () => {
    await mount(page);
    await page.getByRole('link', { name: 'A link before the bell' }).focus();
    await page.keyboard.press('Tab');
    await expect(focused(page)).resolves.toMatchObject({ name: 'Notifications, 3 unread' });
    await page.keyboard.press('Enter');
    await panel().waitFor();
    await expect(bell().getAttribute('aria-expanded')).resolves.toBe('true');
    await expect(focused(page)).resolves.toMatchObject({ role: 'tab', k: 'tab:0' });
    await page.waitForFunction(
      () => (window as any).inbox.shadowRoot.querySelectorAll('article').length === 4,
    );
    expect(await titles()).toEqual([
      'Deploy finished',
      'New comment',
      'Invoice paid',
      'Weekly report',
    ]);
    // the bell was opened while they were listed: the tab is marked seen
    await expect(calls(page, 'markAll')).resolves.toEqual([
      expect.objectContaining({ args: ['seen', 'all'] }),
    ]);
    await expect(axeViolations(page)).resolves.toEqual([]);

    const expectTab = async (name: string, k: string) => {
      await page.waitForFunction((key) => {
        let el = document.activeElement;
        while (el?.shadowRoot?.activeElement) el = el.shadowRoot.activeElement;
        return el?.getAttribute('data-k') === key;
      }, k);
      await expect(
        page.getByRole('tab', { name: new RegExp(`^${name}\\b`) }).getAttribute('aria-selected'),
      ).resolves.toBe('true');
      await page.waitForFunction(
        () =>
          (window as any).inbox.shadowRoot
            .querySelector('[role=tabpanel]')
            .getAttribute('aria-busy') === 'false',
      );
      await expect(axeViolations(page)).resolves.toEqual([]);
    };
    await page.keyboard.press('ArrowRight');
    await expectTab('Unread', 'tab:1');
    expect(await titles()).toEqual(['Deploy finished', 'New comment', 'Weekly report']);
    await page.keyboard.press('ArrowRight');
    await expectTab('Archived', 'tab:2');
    expect(await titles()).toEqual(['Old archived']);
    await page.keyboard.press('End');
    await expectTab('Snoozed', 'tab:3');
    expect(await titles()).toEqual(['Snoozed reminder']);
    await page.keyboard.press('ArrowRight'); // wraps around
    await expectTab('All', 'tab:0');
    await page.keyboard.press('ArrowLeft');
    await expectTab('Snoozed', 'tab:3');
    await page.keyboard.press('Home');
    await expectTab('All', 'tab:0');

    // Tab leaves the tablist for the panel's content; Enter on "Mark read" works; Esc closes from anywhere
    await page.keyboard.press('Tab');
    await expect(focused(page)).resolves.toMatchObject({ k: 'tabpanel' });
    await page.keyboard.press('Tab');
    await expect(focused(page)).resolves.toMatchObject({ k: 'all-read' });
    await page.keyboard.press('Escape');
    await expect(panel().isVisible()).resolves.toBe(false);
    await expect(focused(page)).resolves.toMatchObject({ name: 'Notifications, 3 unread' });
    await expect(bell().getAttribute('aria-expanded')).resolves.toBe('false');
  });

  it('every item operation: read, unread, archive, unarchive, actions by URL and by id', async () => {
    await mount(page);
    await bell().click();
    await article('Deploy finished').waitFor();
    const deploy = article('Deploy finished');
    await expect(
      deploy.getByRole('link', { name: 'View deploy' }).getAttribute('href'),
    ).resolves.toBe(`${server.url}/deploys/42`);
    await expect(
      article('New comment').getByRole('link', { name: 'New comment' }).getAttribute('href'),
    ).resolves.toBe(`${server.url}/comments/7`);
    await expect(deploy.locator('time').textContent()).resolves.toBe('5 minutes ago');
    await expect(deploy.getByText('High', { exact: true }).count()).resolves.toBe(1);

    await deploy.getByRole('button', { name: 'Mark read' }).click();
    await page.getByRole('button', { name: 'Notifications, 2 unread' }).waitFor();
    await deploy.getByRole('button', { name: 'Mark unread' }).waitFor();
    await expect(focused(page)).resolves.toMatchObject({ name: 'Mark unread' }); // focus follows the toggled control
    await deploy.getByRole('button', { name: 'Mark unread' }).click();
    await page.getByRole('button', { name: 'Notifications, 3 unread' }).waitFor();

    await deploy.getByRole('button', { name: 'Roll back' }).click();
    await page.getByRole('button', { name: 'Notifications, 2 unread' }).waitFor();
    await expect(calls(page, 'runAction')).resolves.toEqual([
      expect.objectContaining({ args: [expect.stringMatching(/^m\d+$/), 'rollback'] }),
    ]);

    await article('Weekly report').getByRole('button', { name: 'Archive' }).click();
    await page.waitForFunction(
      () =>
        ![...(window as any).inbox.shadowRoot.querySelectorAll('h3')].some(
          (h: Element) => h.textContent === 'Weekly report',
        ),
    );
    // the last item left: the focus goes to the item before it
    await expect(focused(page)).resolves.toMatchObject({
      name: 'Mark unread',
      k: expect.stringMatching(/^unread:m\d+$/),
    });
    await page.getByRole('tab', { name: /^Archived\b/ }).click();
    await article('Weekly report').getByRole('button', { name: 'Unarchive' }).click();
    await page.waitForFunction(
      () => (window as any).inbox.shadowRoot.querySelectorAll('article').length === 1,
    );
    expect(await titles()).toEqual(['Old archived']);
    expect(
      (await calls(page))
        .map((c) => c.op)
        .filter((op) => op !== 'list' && op !== 'refreshCounts' && op !== 'connect'),
    ).toEqual([
      'markAll',
      'markRead',
      'markUnread',
      'runAction',
      'markRead',
      'archive',
      'unarchive',
    ]);
    await expect(axeViolations(page)).resolves.toEqual([]);
  });

  it('snooze: presets, a custom time (a past one is refused with a message), unsnooze in the Snoozed tab', async () => {
    await mount(page);
    await bell().click();
    const comment = article('New comment');
    await comment.getByRole('button', { name: 'Snooze', exact: true }).click();
    await expect(
      comment.getByRole('button', { name: 'Snooze', exact: true }).getAttribute('aria-expanded'),
    ).resolves.toBe('true');
    await expect(focused(page)).resolves.toMatchObject({ name: '1 hour' });
    await expect(axeViolations(page)).resolves.toEqual([]);
    const clickedAt = Date.now();
    await comment.getByRole('button', { name: '1 hour' }).click();
    await page.waitForFunction(() =>
      (window as any).fake.calls.some((c: any) => c.op === 'snooze'),
    );
    const [snooze] = await calls(page, 'snooze');
    const until = Date.parse(snooze.args[1] as string);
    expect(until - clickedAt).toBeGreaterThan(3_500_000);
    expect(until - clickedAt).toBeLessThan(3_700_000);
    await page.waitForFunction(
      () =>
        ![...(window as any).inbox.shadowRoot.querySelectorAll('h3')].some(
          (h: Element) => h.textContent === 'New comment',
        ),
    );

    const report = article('Weekly report');
    await report.getByRole('button', { name: 'Snooze', exact: true }).click();
    await report.getByRole('button', { name: 'Tomorrow 9:00' }).waitFor();
    await report.getByRole('button', { name: 'Next week' }).waitFor();
    await report.getByLabel('Until').fill('2020-01-01T09:00');
    await report.getByRole('button', { name: 'Snooze until then' }).click();
    await report.getByText('Pick a time in the future.').waitFor();
    await expect(report.getByLabel('Until').getAttribute('aria-invalid')).resolves.toBe('true');
    await expect(focused(page)).resolves.toMatchObject({ tag: 'input' });
    await expect(axeViolations(page)).resolves.toEqual([]);
    await report.getByLabel('Until').fill('2099-05-04T10:30');
    await report.getByRole('button', { name: 'Snooze until then' }).click();
    await page.waitForFunction(
      () => (window as any).fake.calls.filter((c: any) => c.op === 'snooze').length === 2,
    );
    const custom = (await calls(page, 'snooze'))[1];
    expect(new Date(custom.args[1] as string).getTime()).toBe(
      new Date(2099, 4, 4, 10, 30).getTime(),
    );

    await page.getByRole('tab', { name: /^Snoozed\b/ }).click();
    await article('Weekly report').waitFor();
    expect((await titles()).sort()).toEqual(['New comment', 'Snoozed reminder', 'Weekly report']);
    await expect(
      article('Weekly report')
        .getByText(/^Snoozed until /)
        .count(),
    ).resolves.toBe(1);
    await article('Weekly report').getByRole('button', { name: 'Unsnooze' }).click();
    await page.waitForFunction(() =>
      (window as any).fake.calls.some((c: any) => c.op === 'unsnooze'),
    );
    await page.waitForFunction(
      () => (window as any).inbox.shadowRoot.querySelectorAll('article').length === 2,
    );
  });

  it('mark all read and archive all act on the tab', async () => {
    await mount(page);
    await bell().click();
    await article('Deploy finished').waitFor();
    await page.getByRole('button', { name: 'Mark all read' }).click();
    await page.getByRole('button', { name: 'Notifications, 0 unread' }).waitFor();
    await expect(page.locator('herald-inbox .badge').isVisible()).resolves.toBe(false);
    await page.getByRole('tab', { name: /^Unread\b/ }).click();
    await page.getByText('You are all caught up.').waitFor();
    await expect(axeViolations(page)).resolves.toEqual([]); // empty state
    await page.getByRole('tab', { name: /^All\b/ }).click();
    await page.getByRole('button', { name: 'Archive all' }).click();
    await page.getByText('You are all caught up.').waitFor();
    await expect(calls(page, 'markAll')).resolves.toEqual([
      expect.objectContaining({ args: ['seen', 'all'] }),
      expect.objectContaining({ args: ['read', 'all'] }),
      expect.objectContaining({ args: ['archived', 'all'] }),
    ]);
  });

  it('the preferences panel: channel × category switches; a refused change is rolled back', async () => {
    await mount(page);
    await bell().click();
    await page.getByRole('button', { name: 'Preferences' }).click();
    await page.getByRole('group', { name: 'Billing' }).waitFor();
    const deploysEmail = page
      .getByRole('group', { name: 'Deploys' })
      .getByRole('switch', { name: 'Email' });
    await expect(deploysEmail.isChecked()).resolves.toBe(false);
    await expect(axeViolations(page)).resolves.toEqual([]);
    await deploysEmail.focus();
    await page.keyboard.press('Space');
    await page.waitForFunction(() =>
      (window as any).fake.calls.some((c: any) => c.op === 'setPreference'),
    );
    await expect(calls(page, 'setPreference')).resolves.toEqual([
      expect.objectContaining({ args: ['deploys', 'email', true] }),
    ]);
    await expect(
      page.evaluate(() => (window as any).fake.topics[1].channels[0].enabled),
    ).resolves.toBe(true);

    await page.evaluate(() => (window as any).fake.failing.add('setPreference'));
    const billingInbox = page
      .getByRole('group', { name: 'Billing' })
      .getByRole('switch', { name: 'In-app' });
    await billingInbox.click();
    await page.getByText('That did not work; nothing was changed.').waitFor();
    await expect(billingInbox.isChecked()).resolves.toBe(true);
    await expect(axeViolations(page)).resolves.toEqual([]);
    await page.getByRole('button', { name: 'Back to notifications' }).click();
    await article('Deploy finished').waitFor();
  });

  it('loading, error with retry, and offline states have no violations', async () => {
    await mount(page, { hold: true, failing: [] });
    await bell().click();
    await page.getByText('Loading notifications…').waitFor();
    await expect(
      page.locator('herald-inbox [role=tabpanel]').getAttribute('aria-busy'),
    ).resolves.toBe('true');
    await expect(axeViolations(page)).resolves.toEqual([]);
    await page.evaluate(() => (window as any).fake.release());
    await article('Deploy finished').waitFor();

    await page.evaluate(() => (window as any).fake.failing.add('list'));
    await page.getByRole('tab', { name: /^Archived\b/ }).click();
    await page.getByText('Notifications could not be loaded.').waitFor();
    await expect(axeViolations(page)).resolves.toEqual([]);
    await page.evaluate(() => (window as any).fake.failing.delete('list'));
    await page.getByRole('button', { name: 'Retry' }).click();
    await article('Old archived').waitFor();

    await page.evaluate(() => (window as any).fake.setStatus('offline'));
    await page.getByText('Offline: reconnecting…').waitFor();
    await expect(axeViolations(page)).resolves.toEqual([]);
    await page.evaluate(() => (window as any).fake.setStatus('live'));
    await page.waitForFunction(
      () => !(window as any).inbox.shadowRoot.textContent.includes('Offline'),
    );
  });

  it('a refused change is undone and said so', async () => {
    await mount(page, { failing: ['archive'] });
    await bell().click();
    await article('Weekly report').getByRole('button', { name: 'Archive' }).click();
    await page.getByText('That did not work; nothing was changed.').waitFor();
    await article('Weekly report').waitFor();
  });

  it('live messages update the badge and are announced once, batched, in the polite live region', async () => {
    await mount(page);
    await expect(statusText()).resolves.toBe('');
    await page.evaluate(() => {
      const { fakeItem } = (window as any).herald;
      (window as any).fake.push(fakeItem({ title: 'Live one', minutesAgo: 0 }));
      (window as any).fake.push(fakeItem({ title: 'Live two', minutesAgo: 0 }));
    });
    await page.getByRole('button', { name: 'Notifications, 5 unread' }).waitFor();
    await page.waitForFunction(
      () => (window as any).inbox.shadowRoot.querySelector('[role=status]').textContent !== '',
    );
    await expect(statusText()).resolves.toBe('2 new notifications');
    await bell().click();
    await article('Live two').waitFor();
    await page.evaluate(() =>
      (window as any).fake.push(
        (window as any).herald.fakeItem({ title: 'Live three', minutesAgo: 0 }),
      ),
    );
    await article('Live three').waitFor(); // listed while open
    await page.waitForFunction(
      () =>
        (window as any).inbox.shadowRoot.querySelector('[role=status]').textContent ===
        '1 new notification',
    );
  });

  it('closes on a pointerdown outside (without taking the focus), not on one inside', async () => {
    await mount(page);
    await bell().click();
    await article('Deploy finished').click({ position: { x: 5, y: 5 } });
    await expect(panel().isVisible()).resolves.toBe(true);
    await page.locator('#after').click();
    await expect(panel().isVisible()).resolves.toBe(false);
    await expect(focused(page)).resolves.toMatchObject({ name: 'After' });
  });

  it('tabs from configuration, French strings and dates, and bad attributes reported by name', async () => {
    await mount(page, {
      strings: 'fr',
      locale: 'fr',
      tabs: [
        { id: 'all', label: 'Tout' },
        { id: 'high', label: 'Urgent', filter: { severity: ['high', 'critical'] } },
      ],
    });
    await page.getByRole('button', { name: 'Notifications, 3 non lues' }).click();
    await page.getByRole('dialog', { name: 'Notifications' }).waitFor();
    await expect(page.getByRole('tab').allTextContents()).resolves.toEqual([
      'Tout3, 3 non lues',
      'Urgent1, 1 non lue',
    ]);
    await expect(article('Deploy finished').locator('time').textContent()).resolves.toBe(
      'il y a 5 minutes',
    );
    await page.getByRole('tab', { name: /Urgent/ }).click();
    await page.waitForFunction(
      () => (window as any).inbox.shadowRoot.querySelectorAll('article').length === 1,
    );
    await expect(page.getByRole('button', { name: 'Marquer comme lue' }).count()).resolves.toBe(1);
    await expect(axeViolations(page)).resolves.toEqual([]);

    const errors = await page.evaluate(() => {
      const el = (window as any).inbox;
      const seen: string[] = [];
      el.addEventListener('herald-error', (e: CustomEvent) => seen.push(e.detail.error.message));
      el.setAttribute('tabs', '[{"id":"a b","label":"x"}]');
      el.setAttribute('badge', 'loud');
      try {
        el.badge = 'loud';
      } catch (error) {
        seen.push(`thrown: ${(error as Error).message}`);
      }
      return { seen, tabs: el.tabs.map((t: any) => t.id), badge: el.badge };
    });
    expect(errors).toEqual({
      seen: [
        'herald-inbox: tabs[0].id must be 1-64 characters of A-Z a-z 0-9 _ . : -',
        'herald-inbox: badge must be "unread" or "unseen", not "loud"',
        'thrown: herald-inbox: badge must be "unread" or "unseen", not "loud"',
      ],
      tabs: ['all', 'high'],
      badge: 'unread',
    });
  });
});
