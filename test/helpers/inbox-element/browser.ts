import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';

export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/** axe-core at WCAG 2.1 AA on the page (it enters the open shadow root): the violations, ids and targets. */
export async function axeViolations(
  page: Page,
  options: { skipFrames?: readonly string[] } = {},
): Promise<string[]> {
  let builder = new AxeBuilder({ page }).withTags(WCAG_TAGS);
  // a frame sandboxed without scripts never runs axe's script: it is left out of the context
  for (const frame of options.skipFrames ?? []) builder = builder.exclude(frame);
  const result = await builder.analyze();
  return result.violations.map(
    (v) => `${v.id}: ${v.help} — ${v.nodes.map((n) => JSON.stringify(n.target)).join(', ')}`,
  );
}

/** The focused element, through shadow roots: its role or tag, name and data-k. */
export function focused(
  page: Page,
): Promise<{ tag: string; role: string | null; name: string; k: string | null }> {
  return page.evaluate(() => {
    let el = document.activeElement;
    while (el?.shadowRoot?.activeElement) el = el.shadowRoot.activeElement;
    return {
      tag: el?.tagName.toLowerCase() ?? '',
      role: el?.getAttribute('role') ?? null,
      name: (el?.getAttribute('aria-label') ?? el?.textContent ?? '').trim(),
      // the element's focus key: data-k, or an item control's data-op (+ data-action) and item id
      k:
        el?.getAttribute('data-k') ??
        (el?.getAttribute('data-op') && el.closest('article')
          ? `${el.getAttribute('data-op')}${el.getAttribute('data-action') ?? ''}:${el.closest('article')!.getAttribute('data-id')}`
          : null),
    };
  });
}

export interface MountOptions {
  /** 'sample' (default): six messages, three unread in the inbox; 'none'; or a number of unread messages. */
  items?: 'sample' | 'none' | number;
  tabs?: unknown;
  locale?: string;
  strings?: 'fr' | 'de';
  badge?: string;
  hold?: boolean;
  failing?: string[];
}

/**
 * Puts a `<herald-inbox>` with a scripted fake client in `#host`; `window.inbox`
 * is the element and `window.fake` the client.
 */
export async function mount(page: Page, options: MountOptions = {}): Promise<void> {
  await page.waitForFunction('!!window.herald');
  await page.evaluate((o) => {
    const { FakeInboxClient, fakeItem, fr, de } = (window as any).herald;
    let items: unknown[] = [];
    if (o.items === undefined || o.items === 'sample')
      items = [
        fakeItem({
          title: 'Deploy finished',
          body: 'api v2.3 is live',
          minutesAgo: 5,
          severity: 'high',
          actions: [
            { label: 'View deploy', url: '/deploys/42' },
            { label: 'Roll back', actionId: 'rollback' },
          ],
        }),
        fakeItem({
          title: 'New comment',
          body: 'Ada: looks good',
          minutesAgo: 60,
          actionUrl: '/comments/7',
        }),
        fakeItem({ title: 'Invoice paid', minutesAgo: 60 * 26, read: true, seen: true }),
        fakeItem({ title: 'Weekly report', minutesAgo: 60 * 24 * 3, severity: 'low' }),
        fakeItem({ title: 'Old archived', archived: true, read: true, seen: true }),
        fakeItem({ title: 'Snoozed reminder', snoozedUntil: new Date(Date.now() + 3_600_000) }),
      ];
    else if (typeof o.items === 'number')
      items = Array.from({ length: o.items }, (_, i) =>
        fakeItem({ title: `Unread ${i + 1}`, minutesAgo: i + 1 }),
      );
    const el = document.createElement('herald-inbox') as any;
    if (o.tabs !== undefined) el.setAttribute('tabs', JSON.stringify(o.tabs));
    if (o.locale) el.setAttribute('locale', o.locale);
    if (o.badge) el.setAttribute('badge', o.badge);
    if (o.strings) el.strings = o.strings === 'fr' ? fr : de;
    const topics = [
      {
        category: 'billing',
        label: 'Billing',
        channels: [
          { channel: 'email', enabled: true },
          { channel: 'inbox', enabled: true },
        ],
      },
      {
        category: 'deploys',
        label: 'Deploys',
        channels: [
          { channel: 'email', enabled: false },
          { channel: 'sms', enabled: false },
        ],
      },
    ];
    const fake = new FakeInboxClient(items, el.tabs, topics);
    if (o.hold) fake.hold();
    for (const op of o.failing ?? []) fake.failing.add(op);
    el.client = fake;
    (window as any).inbox = el;
    (window as any).fake = fake;
    document.getElementById('host')!.append(el);
  }, options as any);
  await page.waitForFunction(
    "window.inbox.shadowRoot?.querySelector('.bell')?.getAttribute('aria-label')?.length > 0",
  );
}

/** The calls the fake client recorded, without the bookkeeping ones. */
export function calls(page: Page, op?: string): Promise<{ op: string; args: unknown[] }[]> {
  return page.evaluate(
    (only) => (window as any).fake.calls.filter((c: any) => (only ? c.op === only : true)),
    op,
  );
}
