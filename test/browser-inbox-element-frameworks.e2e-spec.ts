import { renderToString } from 'react-dom/server';
import type { Browser } from 'playwright-core';
import { HeraldInboxElement, defineHeraldInbox } from '../libs/inbox-client/src/element/index.js';
import { Inbox } from '../libs/inbox-client/src/react/index.js';
import { launchChromium } from './helpers/chromium.js';
import { axeViolations } from './helpers/inbox-element/browser.js';
import { Counter } from './helpers/inbox-element/counter.js';
import { FakeInboxClient } from './helpers/inbox-element/fake-inbox-client.js';
import { bundle, servePages } from './helpers/inbox-element/page.js';
import { reactApp } from './helpers/inbox-element/react-app.js';

jest.setTimeout(90_000);

describe('<herald-inbox> from React (server and browser) and from plain HTML', () => {
  let browser: Browser;
  let server: { url: string; close(): Promise<void> };
  let ssr: string;

  beforeAll(async () => {
    ssr = renderToString(
      reactApp(new FakeInboxClient([], [{ id: 'all', label: 'All' }]), Inbox, Counter),
    );
    const head =
      '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>herald-inbox</title>';
    server = await servePages({
      '/react': [
        'text/html',
        `${head}<script type="module" src="/react.js"></script></head><body><main><div id="root">${ssr}</div></main></body></html>`,
      ],
      '/react.js': ['text/javascript', await bundle('test/helpers/inbox-element/react-entry.ts')],
      '/plain': [
        'text/html',
        `${head}</head><body><header><herald-inbox badge="unseen" locale="en" tabs='[{"id":"all","label":"All"},{"id":"unread","label":"Unread","filter":{"read":false}}]'></herald-inbox></header>
<script type="module" src="/plain.js"></script></body></html>`,
      ],
      '/plain.js': ['text/javascript', await bundle('test/helpers/inbox-element/plain-entry.ts')],
    });
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('renders on the server without a DOM: markup only, nothing defined, nothing thrown', () => {
    expect(typeof (globalThis as any).HTMLElement).toBe('undefined');
    expect(() => defineHeraldInbox()).not.toThrow();
    expect(typeof HeraldInboxElement).toBe('function');
    expect(ssr).toBe(
      '<div><herald-inbox class="top-bell" locale="en" badge="unread" tabs="[{&quot;id&quot;:&quot;all&quot;,&quot;label&quot;:&quot;All&quot;}]"></herald-inbox><p id="counter">unread 0, idle</p></div>',
    );
  });

  it('hydrates in the browser: the element upgrades with its client, useInbox() follows the counts', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    try {
      await page.goto(`${server.url}/react`);
      const bell = page.getByRole('button', { name: 'Notifications, 2 unread' });
      await bell.waitFor();
      await page.getByText('unread 2, live').waitFor();
      await expect(page.evaluate('window.hydrationErrors')).resolves.toEqual([]);
      await page.evaluate(() =>
        (window as any).fake.push((window as any).herald.fakeItem({ title: 'Third' })),
      );
      await page.getByText('unread 3, live').waitFor();
      await page.getByRole('button', { name: 'Notifications, 3 unread' }).click();
      await page.getByRole('article', { name: 'Third' }).waitFor();
      await expect(axeViolations(page)).resolves.toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('works from plain HTML markup, with a client set before the element is defined', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    try {
      await page.goto(`${server.url}/plain`);
      await page.getByRole('button', { name: 'Notifications, 1 new' }).click();
      await page.getByRole('article', { name: 'Plain one' }).waitFor();
      await expect(page.getByRole('tab').allTextContents()).resolves.toEqual([
        'All2, 2 unread',
        'Unread2, 2 unread',
      ]);
      await page.keyboard.press('Escape');
      await page.getByRole('button', { name: 'Notifications, 0 new' }).waitFor(); // opening marked them seen
      await expect(axeViolations(page)).resolves.toEqual([]);
    } finally {
      await context.close();
    }
  });
});
