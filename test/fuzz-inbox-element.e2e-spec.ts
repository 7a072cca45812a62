import fc from 'fast-check';
import type { Browser } from 'playwright-core';
import { parseCustomSnooze } from '../libs/inbox-client/src/element/snooze.util.js';
import { parseTabs } from '../libs/inbox-client/src/element/tabs.util.js';
import { launchChromium } from './helpers/chromium.js';
import { fuzzParameters } from './helpers/fuzz.js';
import { mount } from './helpers/inbox-element/browser.js';
import { elementTestPage } from './helpers/inbox-element/page.js';

jest.setTimeout(120_000);

const tabId = fc.stringMatching(/^[A-Za-z0-9_.:-]{1,64}$/);
const filter = fc.record(
  {
    status: fc.constantFrom('inbox', 'archived', 'snoozed', 'all'),
    read: fc.boolean(),
    seen: fc.boolean(),
    tags: fc.array(fc.stringMatching(/^[a-z0-9 -]{1,64}$/), { maxLength: 10 }),
    severity: fc.subarray(['low', 'normal', 'high', 'critical']),
  },
  { requiredKeys: [] },
);
const validTabs = fc.uniqueArray(
  fc.record({ id: tabId, label: fc.stringMatching(/^\S[^]{0,40}$/), filter }),
  { minLength: 1, maxLength: 20, selector: (t) => t.id },
);
/** Anything a page could put in the `tabs` attribute: JSON of any shape, near-misses, plain text. */
const anyTabsText = fc.oneof(
  fc.string(),
  fc.json(),
  validTabs.map((t) => JSON.stringify(t)),
  fc
    .tuple(validTabs, fc.string(), fc.jsonValue())
    .map(([tabs, key, value]) =>
      JSON.stringify(
        tabs.map((t, i) =>
          i === 0 ? { ...t, [key]: value, filter: { ...t.filter, [key]: value } } : t,
        ),
      ),
    ),
);

describe('fuzz: the inputs of <herald-inbox> (tabs, custom snooze time)', () => {
  it('tabs: any text is either accepted as valid tabs or refused with a TypeError naming the field', () => {
    fc.assert(
      fc.property(anyTabsText, (text) => {
        let tabs;
        try {
          tabs = parseTabs(text);
        } catch (error) {
          expect(error).toBeInstanceOf(TypeError);
          expect((error as Error).message).toMatch(/^herald-inbox: tabs(\[\d+\](\.\w+)*)? \S/);
          return;
        }
        expect(tabs.length).toBeGreaterThanOrEqual(1);
        expect(tabs.length).toBeLessThanOrEqual(20);
        for (const tab of tabs) {
          expect(tab.id).toMatch(/^[A-Za-z0-9_.:-]{1,64}$/);
          expect(tab.label.trim().length).toBeGreaterThan(0);
          expect(
            Object.keys(tab.filter ?? {}).every((k) =>
              ['status', 'read', 'seen', 'tags', 'severity'].includes(k),
            ),
          ).toBe(true);
        }
      }),
      fuzzParameters(500),
    );
  });

  it('tabs: valid tabs come back unchanged, from JSON text and from the property alike', () => {
    fc.assert(
      fc.property(validTabs, (tabs) => {
        const parsed = parseTabs(JSON.stringify(tabs));
        expect(parsed).toEqual(tabs.map((t) => ({ ...t, filter: t.filter })));
        expect(parseTabs(tabs)).toEqual(parsed);
      }),
      fuzzParameters(200),
    );
  });

  it('custom snooze time: any text gives null or a time in the future', () => {
    const now = new Date(2026, 10, 27, 12, 0);
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string(),
          fc.date({ noInvalidDate: true }).map((d) => d.toISOString().slice(0, 16)),
        ),
        (text) => {
          const until = parseCustomSnooze(text, now);
          if (until !== null) expect(until.getTime()).toBeGreaterThan(now.getTime());
        },
      ),
      fuzzParameters(500),
    );
  });

  describe('in Chromium', () => {
    let browser: Browser;
    let server: { url: string; close(): Promise<void> };
    beforeAll(async () => {
      server = await elementTestPage();
      browser = await launchChromium();
    });
    afterAll(async () => {
      await browser?.close();
      await server?.close();
    });

    it('any tabs attribute leaves a working element: the tabs change or a herald-error names the field', async () => {
      const page = await browser.newPage();
      try {
        await page.goto(server.url);
        await mount(page);
        // tab ids that name what every object inherits (found by this property), then the sample
        const texts = [
          JSON.stringify([{ id: '__proto__', label: 'p' }]),
          JSON.stringify([
            { id: 'valueOf', label: 'v' },
            { id: 'constructor', label: 'c' },
          ]),
          ...fc.sample(anyTabsText, fuzzParameters(150).numRuns),
        ];
        const outcomes = await page.evaluate(async (list) => {
          const el = (window as any).inbox;
          const out: string[] = [];
          for (const text of list) {
            let error = '';
            const listener = (e: CustomEvent) => (error = e.detail.error.message);
            el.addEventListener('herald-error', listener);
            el.setAttribute('tabs', text);
            el.removeEventListener('herald-error', listener);
            await el.show();
            // working: the panel shows the element's tabs and the bell its count, once the
            // client's answers are in (on a loaded machine they may come after show() resolves)
            const working = () =>
              el.shadowRoot.querySelectorAll('[role=tab]').length === el.tabs.length &&
              /^Notifications, \d+ unread$/.test(
                el.shadowRoot.querySelector('.bell').getAttribute('aria-label'),
              );
            for (let wait = 0; wait < 40 && !working(); wait++)
              await new Promise((r) => setTimeout(r, 25));
            const ok = working();
            el.hide(false);
            if (error && !/^herald-inbox: tabs/.test(error)) out.push(`bad message: ${error}`);
            if (!ok) out.push(`broken after ${text}`);
          }
          return out;
        }, texts);
        expect(outcomes).toEqual([]);
      } finally {
        await page.close();
      }
    });
  });
});
