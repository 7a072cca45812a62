/// <reference lib="dom" />
import type { ConnectionStatus, InboxCounts, InboxItem, InboxTab } from '../types.js';
import type { InboxStrings } from '../i18n/strings.js';
import { dateTime, fill, plural, relativeTime } from '../i18n/format.js';
import { h, safeUrl } from './dom.util.js';
import { countsOf } from '../client/wire.js';
import { toLocalInput } from './snooze.util.js';

/** What the list view shows; the element owns it and re-renders from it. */
export interface ListView {
  s: InboxStrings;
  locale?: string;
  tabs: InboxTab[];
  active: number;
  counts: Record<string, InboxCounts>;
  items: InboxItem[];
  more: boolean;
  loading: boolean;
  error: boolean;
  note: string;
  status: ConnectionStatus;
  snoozeOpen?: string;
  snoozeInvalid: boolean;
  now: number;
  base: string;
  nodes: ItemNodes;
}

/**
 * Keeps each item's rendered `<li>` while nothing it shows changed, so a live
 * refresh of the list builds only the new and changed items.
 */
export class ItemNodes {
  #nodes = new Map<string, { sig: string; li: HTMLElement }>();
  #ids = new Map<string, number>();
  #n = 0;

  clear(): void {
    this.#nodes.clear();
  }

  get(v: ListView, item: InboxItem): HTMLElement {
    const time = relativeTime(item.createdAt, v.now, v.locale, v.s.now);
    const snooze = v.snoozeOpen !== item.id ? 0 : v.snoozeInvalid ? 2 : 1;
    const snoozed = !!item.snoozedUntil && item.snoozedUntil.getTime() > v.now;
    const sig = `${item.read}|${item.archived}|${item.snoozedUntil?.getTime()}|${snoozed}|${snooze}|${time}`;
    const hit = this.#nodes.get(item.id);
    if (hit?.sig === sig) return hit.li;
    let n = this.#ids.get(item.id);
    if (n === undefined) this.#ids.set(item.id, (n = ++this.#n));
    const li = renderItem(v, item, n, time, snoozed);
    this.#nodes.set(item.id, { sig, li });
    return li;
  }

  /** Forgets the items no longer listed. */
  keep(items: InboxItem[]): void {
    const ids = new Set(items.map((i) => i.id));
    for (const id of this.#nodes.keys()) if (!ids.has(id)) this.#nodes.delete(id);
    for (const id of this.#ids.keys()) if (!ids.has(id)) this.#ids.delete(id);
  }
}

/** Offline / signed-out / failed-action notes shown above the tabs. */
export function renderNotes(v: Pick<ListView, 's' | 'status' | 'note'>): HTMLElement[] {
  const out: HTMLElement[] = [];
  if (v.status === 'offline') out.push(h('p', { class: 'note', part: 'offline' }, v.s.offline));
  if (v.status === 'unauthorized')
    out.push(h('p', { class: 'note err', part: 'offline' }, v.s.unauthorized));
  if (v.note) out.push(h('p', { class: 'note err', part: 'error' }, v.note));
  return out;
}

export function renderTabs(v: ListView): HTMLElement {
  return h(
    'div',
    { role: 'tablist', class: 'tablist', 'aria-label': v.s.tabsLabel, part: 'tabs' },
    v.tabs.map((tab, i) => {
      const selected = i === v.active;
      return h(
        'button',
        {
          type: 'button',
          role: 'tab',
          id: `tab${i}`,
          part: selected ? 'tab tab-selected' : 'tab',
          'aria-selected': String(selected),
          'aria-controls': 'tabpanel',
          tabindex: selected ? 0 : -1,
          'data-op': 'tab',
          'data-i': i,
          'data-k': `tab:${i}`,
        },
        tab.label,
        h('span', { class: 'count', 'aria-hidden': 'true' }),
        h('span', { class: 'sr' }),
      );
    }),
  );
}

/** Puts the unread counts into the tabs in place (a live count never replaces a focused tab). */
export function updateTabCounts(
  tablist: Element,
  v: Pick<ListView, 'tabs' | 'counts' | 's' | 'locale'>,
): void {
  v.tabs.forEach((tab, i) => {
    const button = tablist.children[i];
    if (!button) return;
    const unread = countsOf(v.counts, tab.id)?.unread ?? 0;
    const [count, sr] = [button.children[0] as HTMLElement, button.children[1] as HTMLElement];
    const text = unread > 0 ? (unread > 99 ? '99+' : String(unread)) : '';
    if (count.textContent !== text) count.textContent = text;
    const said = unread > 0 ? `, ${plural(v.s.tabUnread, unread, v.locale)}` : '';
    if (sr.textContent !== said) sr.textContent = said;
  });
}

/** Which of its faces the tab panel shows. */
function face(v: ListView): string {
  if (v.items.length > 0) return 'list';
  return v.error ? 'error' : v.loading ? 'loading' : 'empty';
}

/** Puts `nodes` in `parent` in order, moving only what is out of place (kept nodes stay put). */
function syncChildren(parent: Element, nodes: Element[]): void {
  nodes.forEach((node, i) => {
    const at = parent.children[i];
    if (at !== node) parent.insertBefore(node, at ?? null);
  });
  while (parent.children.length > nodes.length) parent.lastElementChild!.remove();
}

/**
 * The tab panel; a `previous` panel showing the same tab's list is updated in
 * place (new items inserted, gone ones removed), so a live refresh does not
 * re-insert, restyle and relayout the whole list.
 */
export function renderTabPanel(v: ListView, previous?: Element | null): HTMLElement {
  const s = v.s;
  const shows = JSON.stringify([
    face(v),
    v.active,
    v.more,
    s.markAllRead,
    s.archiveAll,
    s.loadMore,
  ]);
  if (previous && face(v) === 'list' && previous.getAttribute('data-face') === shows) {
    previous.setAttribute('aria-busy', String(v.loading));
    syncChildren(
      previous.querySelector('ul')!,
      v.items.map((item) => v.nodes.get(v, item)),
    );
    return previous as HTMLElement;
  }
  let content: HTMLElement | HTMLElement[];
  if (v.error && v.items.length === 0)
    content = h(
      'div',
      { class: 'state', part: 'error' },
      h('p', null, s.loadError),
      h('button', { type: 'button', 'data-op': 'retry', 'data-k': 'retry' }, s.retry),
    );
  else if (v.loading && v.items.length === 0)
    content = h('p', { class: 'state', part: 'loading' }, s.loading);
  else if (v.items.length === 0) content = h('p', { class: 'state', part: 'empty' }, s.empty);
  else
    content = [
      h(
        'ul',
        { part: 'list' },
        v.items.map((item) => v.nodes.get(v, item)),
      ),
      v.more &&
        h(
          'div',
          { class: 'toolbar' },
          h('button', { type: 'button', 'data-op': 'more', 'data-k': 'more' }, s.loadMore),
        ),
    ].filter(Boolean) as HTMLElement[];
  return h(
    'div',
    {
      role: 'tabpanel',
      id: 'tabpanel',
      'aria-labelledby': `tab${v.active}`,
      'aria-busy': String(v.loading),
      part: 'tabpanel',
      tabindex: 0,
      'data-k': 'tabpanel',
      'data-face': shows,
    },
    v.items.length > 0 &&
      h(
        'div',
        { class: 'toolbar', part: 'toolbar' },
        h('button', { type: 'button', 'data-op': 'all-read', 'data-k': 'all-read' }, s.markAllRead),
        h(
          'button',
          { type: 'button', 'data-op': 'all-archive', 'data-k': 'all-archive' },
          s.archiveAll,
        ),
      ),
    content,
  );
}

function button(
  op: string,
  _id: string,
  text: string,
  extra?: Record<string, string>,
): HTMLElement {
  // no per-button id or key: both come from the item's <article data-id> (see focusKey)
  return h('button', { type: 'button', 'data-op': op, part: 'button', ...extra }, text);
}

function renderItem(
  v: ListView,
  item: InboxItem,
  i: number,
  time: string,
  snoozed: boolean,
): HTMLElement {
  const s = v.s;
  const href = safeUrl(item.actionUrl, v.base);
  const snoozing = v.snoozeOpen === item.id;
  const actions = item.actions.slice(0, 2).map((a, n) => {
    const cls = n === 0 ? 'primary' : undefined;
    const url = a.url ? safeUrl(a.url, v.base) : null;
    if (url)
      return h(
        'a',
        { href: url, class: cls, part: 'action', 'data-op': 'open', 'data-action': n },
        a.label,
      );
    if (a.actionId)
      return h(
        'button',
        {
          type: 'button',
          class: cls,
          part: 'action',
          'data-op': 'action',
          'data-action': a.actionId,
        },
        a.label,
      );
    return null;
  });
  return h(
    'li',
    { part: 'item' },
    h(
      'article',
      {
        'aria-labelledby': `t${i}`,
        class: item.read ? undefined : 'unread',
        'data-severity': item.severity,
        'data-id': item.id,
      },
      h(
        'h3',
        { class: 'title', id: `t${i}`, part: 'item-title' },
        href ? h('a', { href, 'data-op': 'open' }, item.title) : item.title,
      ),
      item.body && h('p', { class: 'body', part: 'item-body' }, item.body),
      h(
        'p',
        { class: 'meta', part: 'item-meta' },
        !item.read && h('span', { part: 'unread' }, s.unreadMark),
        h(
          'time',
          {
            datetime: item.createdAt.toISOString(),
            title: dateTime(item.createdAt, v.locale),
            part: 'item-time',
          },
          time,
        ),
        item.severity !== 'normal' &&
          h('span', { class: 'sev', part: 'severity' }, s.severity[item.severity]),
        snoozed &&
          h(
            'span',
            null,
            fill(s.snoozedUntil, { label: dateTime(item.snoozedUntil as Date, v.locale) }),
          ),
      ),
      h(
        'div',
        { class: 'acts' },
        actions,
        item.read ? button('unread', item.id, s.markUnread) : button('read', item.id, s.markRead),
        item.archived
          ? button('unarchive', item.id, s.unarchive)
          : button('archive', item.id, s.archive),
        snoozed
          ? button('unsnooze', item.id, s.unsnooze)
          : button('snooze-menu', item.id, s.snooze, {
              'aria-expanded': String(snoozing),
              'aria-controls': `sz${i}`,
            }),
      ),
      h(
        'div',
        { class: 'snooze', id: `sz${i}`, hidden: !snoozing, part: 'snooze' },
        snoozing && [
          button('snooze-hour', item.id, s.snoozeOneHour),
          button('snooze-tomorrow', item.id, s.snoozeTomorrow),
          button('snooze-week', item.id, s.snoozeNextWeek),
          h(
            'label',
            null,
            s.snoozeCustom,
            h('input', {
              type: 'datetime-local',
              min: toLocalInput(new Date(v.now)),
              'data-op': 'snooze-input',
              'aria-invalid': v.snoozeInvalid ? 'true' : undefined,
              'aria-describedby': v.snoozeInvalid ? `sze${i}` : undefined,
            }),
          ),
          button('snooze-custom', item.id, s.snoozeApply),
          v.snoozeInvalid && h('p', { class: 'err', id: `sze${i}` }, s.snoozePast),
        ],
      ),
    ),
  );
}

/**
 * The focus key of a control: its `data-k`, or for a control of an item its
 * `data-op` (and `data-action`) with the item's id, so it is found again after a re-render.
 */
export function focusKey(el: Element | null): string | null {
  if (!el) return null;
  const k = el.getAttribute('data-k');
  if (k) return k;
  const op = el.getAttribute('data-op');
  const id = el.closest('article')?.getAttribute('data-id');
  return op && id ? `${op}${el.getAttribute('data-action') ?? ''}:${id}` : null;
}
