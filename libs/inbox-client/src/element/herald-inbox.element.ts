/// <reference lib="dom" />
/// <reference lib="dom.iterable" />
import type {
  InboxClient,
  InboxClientOptions,
  InboxCounts,
  InboxItem,
  InboxTab,
  PreferenceTopic,
} from '../types.js';
import { HeraldInboxClient } from '../client/herald-inbox.client.js';
import { countsOf } from '../client/wire.js';
import { en } from '../i18n/en.js';
import { plural } from '../i18n/format.js';
import { mergeStrings, type InboxStringOverrides, type InboxStrings } from '../i18n/strings.js';
import { h } from './dom.util.js';
import { adoptStyles } from './herald-inbox.styles.js';
import {
  focusKey,
  ItemNodes,
  renderNotes,
  renderTabPanel,
  renderTabs,
  updateTabCounts,
  type ListView,
} from './render-list.js';
import { renderPreferences } from './render-preferences.js';
import { parseCustomSnooze, snoozePresetTime, type SnoozePreset } from './snooze.util.js';
import { defaultTabs, parseTabs } from './tabs.util.js';

export type InboxBadge = 'unread' | 'unseen';

const PAGE = 50;
const BELL =
  '<svg viewBox="0 0 24 24" aria-hidden="true" focusable="false"><path d="M12 22a2.5 2.5 0 0 0 2.5-2.5h-5A2.5 2.5 0 0 0 12 22Zm7-6V11a7 7 0 0 0-5.5-6.84V3.5a1.5 1.5 0 0 0-3 0v.66A7 7 0 0 0 5 11v5l-2 2v1h18v-1Z"/></svg>';

// No HTMLElement on the server: the class still loads there (SSR) and is never defined.
const Base = (typeof HTMLElement === 'undefined' ? class {} : HTMLElement) as typeof HTMLElement;

/**
 * `<herald-inbox>`: a bell with a badge that opens a panel of notifications, tabs,
 * per-item actions, snooze and the preferences panel. Give it a `client` (any
 * `InboxClient`) or a `base-url` (then it makes its own client through
 * `HeraldInboxElement.clientFactory`).
 */
function setText(el: Element, text: string): void {
  if (el.textContent !== text) el.textContent = text;
}
function setAttr(el: Element, name: string, value: string): void {
  if (el.getAttribute(name) !== value) el.setAttribute(name, value);
}

export class HeraldInboxElement extends Base {
  static observedAttributes = ['base-url', 'locale', 'tabs', 'badge'];
  /** Builds the client for `base-url` (e.g. to add a `token` callback). @default `new HeraldInboxClient(options)` */
  static clientFactory: (options: InboxClientOptions) => InboxClient = (options) =>
    new HeraldInboxClient(options);

  #client?: InboxClient;
  #ownClient = false;
  #off: (() => void)[] = [];
  #tabs?: InboxTab[];
  #s: InboxStrings = en;
  #badge: InboxBadge = 'unread';
  #open = false;
  #prefsView = false;
  #active = 0;
  #items: InboxItem[] = [];
  #cursor?: string;
  #loading = false;
  #error = false;
  #seq = 0;
  #page: InboxCounts = { unread: 0, unseen: 0, total: 0 };
  #prefs?: PreferenceTopic[] | null;
  #note = '';
  #snoozeOpen?: string;
  #snoozeInvalid = false;
  #focusKey?: string;
  #pending = 0;
  #announceTimer?: ReturnType<typeof setTimeout>;
  #refreshTimer?: ReturnType<typeof setTimeout>;
  #queued = false;
  #root?: ShadowRoot;
  #bell!: HTMLButtonElement;
  #badgeEl!: HTMLElement;
  #panel!: HTMLElement;
  #prefsButton!: HTMLElement;
  #body!: HTMLElement;
  #notesBox!: HTMLElement;
  #tabsBox!: HTMLElement;
  #mainBox!: HTMLElement;
  #dirty = true;
  #tabsKey = '';
  #nodes = new ItemNodes();
  #status!: HTMLElement;

  get client(): InboxClient | undefined {
    return this.#client;
  }
  set client(client: InboxClient | undefined) {
    this.#setClient(client, false);
  }

  get tabs(): InboxTab[] {
    return this.#tabs ?? defaultTabs(this.#s);
  }
  /** 1 to 20 `{ id, label, filter? }`; a bad value throws a TypeError naming the field. */
  set tabs(tabs: InboxTab[] | undefined) {
    this.#tabs = tabs === undefined ? undefined : parseTabs(tabs);
    this.#active = 0;
    if (this.#ownClient) this.#makeClient(); // its counts and bulk changes follow the tabs
    if (this.#open) void this.#load(true);
    this.#update();
  }

  get strings(): InboxStrings {
    return this.#s;
  }
  /** A locale module (`fr`, `de`) and/or your own overrides, over the built-in English. */
  set strings(overrides: InboxStringOverrides | undefined) {
    this.#s = mergeStrings(en, overrides);
    this.#nodes.clear();
    this.#tabsKey = '';
    this.#update();
  }

  get badge(): InboxBadge {
    return this.#badge;
  }
  set badge(value: InboxBadge) {
    if (value !== 'unread' && value !== 'unseen')
      throw new TypeError(
        `herald-inbox: badge must be "unread" or "unseen", not ${JSON.stringify(value)}`,
      );
    this.#badge = value;
    this.#update();
  }

  get locale(): string | undefined {
    return this.getAttribute('locale') ?? undefined;
  }
  set locale(value: string | undefined) {
    if (value) this.setAttribute('locale', value);
    else this.removeAttribute('locale');
  }

  /** Whether the panel is open. */
  get expanded(): boolean {
    return this.#open;
  }

  attributeChangedCallback(name: string, _old: string | null, value: string | null): void {
    try {
      if (name === 'tabs') this.tabs = value === null ? undefined : parseTabs(value);
      else if (name === 'badge') this.badge = (value ?? 'unread') as InboxBadge;
      else if (name === 'base-url') {
        if (this.#ownClient || !this.#client) this.#makeClient();
      } else {
        this.#nodes.clear(); // locale: dates and numbers change
        this.#tabsKey = '';
        this.#update();
      }
    } catch (error) {
      // a bad attribute keeps the previous value and says why (a property throws instead)
      this.dispatchEvent(new CustomEvent('herald-error', { detail: { error } }));
    }
  }

  connectedCallback(): void {
    // a property set before the element was defined (React, a late script) shadows the setter
    for (const prop of ['client', 'tabs', 'strings', 'badge', 'locale'] as const) {
      if (Object.prototype.hasOwnProperty.call(this, prop)) {
        const value = (this as any)[prop];
        delete (this as any)[prop];
        (this as any)[prop] = value;
      }
    }
    if (!this.#root) this.#build();
    if (!this.#client && this.hasAttribute('base-url')) this.#makeClient();
    this.#attach();
    this.#render();
  }

  disconnectedCallback(): void {
    this.hide(false);
    this.#detach();
  }

  /** Opens the panel and resolves once its list is rendered. */
  async show(): Promise<void> {
    if (this.#open || !this.#root) return;
    this.#open = true;
    this.#prefsView = false;
    const panel = this.#panel as HTMLElement & { showPopover?: () => void };
    if (panel.showPopover) panel.showPopover();
    else panel.hidden = false;
    this.#place();
    this.ownerDocument.addEventListener('pointerdown', this.#outside, true);
    this.#render();
    (this.#root.querySelector('[role=tab][aria-selected=true]') as HTMLElement | null)?.focus();
    await this.#load(true);
  }

  /** Closes the panel; focus goes back to the bell when it was inside the panel. */
  hide(focusBell = true): void {
    if (!this.#open) return;
    this.#open = false;
    this.#snoozeOpen = undefined;
    this.ownerDocument.removeEventListener('pointerdown', this.#outside, true);
    const panel = this.#panel as HTMLElement & { hidePopover?: () => void };
    if (panel.hidePopover) panel.hidePopover();
    else panel.hidden = true;
    this.#render();
    if (focusBell) this.#bell.focus();
  }

  #build(): void {
    const root = this.attachShadow({ mode: 'open' });
    this.#root = root;
    adoptStyles(root);
    this.#bell = h('button', {
      type: 'button',
      class: 'bell',
      part: 'bell',
      'aria-expanded': 'false',
      'aria-controls': 'panel',
    }) as HTMLButtonElement;
    this.#bell.innerHTML = BELL; // a constant, never data
    this.#badgeEl = h('span', {
      class: 'badge',
      part: 'badge',
      'aria-hidden': 'true',
      hidden: true,
    });
    this.#bell.append(this.#badgeEl);
    this.#prefsButton = h('button', { type: 'button', 'data-op': 'prefs', part: 'button' });
    this.#notesBox = h('div');
    this.#tabsBox = h('div');
    this.#mainBox = h('div');
    this.#body = h('div', null, this.#notesBox, this.#tabsBox, this.#mainBox);
    this.#panel = h(
      'div',
      { id: 'panel', class: 'panel', part: 'panel', role: 'dialog', 'aria-labelledby': 'heading' },
      h(
        'header',
        { part: 'header' },
        h('h2', { id: 'heading', tabindex: -1, part: 'heading' }),
        this.#prefsButton,
        h('button', { type: 'button', 'data-op': 'close', part: 'button' }),
      ),
      this.#body,
    );
    if (typeof this.#panel.showPopover === 'function')
      this.#panel.setAttribute('popover', 'manual');
    else this.#panel.hidden = true;
    this.#status = h('div', { role: 'status', class: 'sr', part: 'status' });
    root.append(this.#bell, this.#panel, this.#status);
    root.addEventListener('click', (e) => this.#onClick(e as MouseEvent));
    root.addEventListener('keydown', (e) => this.#onKey(e as KeyboardEvent));
    root.addEventListener('change', (e) => this.#onChange(e));
  }

  #makeClient(): void {
    const baseUrl = this.getAttribute('base-url');
    if (!baseUrl) return;
    this.#setClient(HeraldInboxElement.clientFactory({ baseUrl, tabs: this.tabs }), true);
  }

  #setClient(client: InboxClient | undefined, own: boolean): void {
    if (client === this.#client) return;
    this.#detach();
    this.#client = client;
    this.#ownClient = own && !!client;
    if (this.isConnected) this.#attach();
    if (this.#open) void this.#load(true);
    this.#update();
  }

  #attach(): void {
    const c = this.#client;
    if (!c || this.#off.length) return;
    this.#off = [
      // counts and status change the bell, the tabs and the notes, not the list
      c.on('counts', () => this.#update(false)),
      c.on('status', (status) => {
        if (status === 'live' && this.#open) this.#refreshSoon();
        this.#update(false);
      }),
      c.on('message', () => this.#arrived()),
      c.on('update', () => this.#open && this.#refreshSoon()),
      c.on('resync', () => this.#open && this.#refreshSoon()),
    ];
    c.connect();
    c.refreshCounts().catch(() => undefined); // the status and the next stream event say the rest
  }

  #detach(): void {
    for (const off of this.#off) off();
    this.#off = [];
    clearTimeout(this.#refreshTimer);
    clearTimeout(this.#announceTimer);
    this.#refreshTimer = this.#announceTimer = undefined;
    if (this.#ownClient) this.#client?.disconnect();
  }

  /** New messages are announced together, at most once a second ("3 new notifications"). */
  #arrived(): void {
    this.#pending++;
    this.#announceTimer ??= setTimeout(() => {
      this.#announceTimer = undefined;
      this.#status.textContent = plural(this.#s.newMessages, this.#pending, this.locale);
      this.#pending = 0;
    }, 1000);
    if (this.#open) this.#refreshSoon();
  }

  #refreshSoon(): void {
    this.#refreshTimer ??= setTimeout(() => {
      this.#refreshTimer = undefined;
      if (this.#open) void this.#load(true, true);
    }, 250);
  }

  async #load(reset: boolean, soft = false): Promise<void> {
    const client = this.#client;
    if (!client) return;
    const tab = this.tabs[this.#active];
    const seq = ++this.#seq;
    this.#loading = true;
    if (reset && !soft) {
      this.#items = [];
      this.#error = false;
    }
    this.#update();
    try {
      // the filter itself, so a client configured with other tabs lists this one too
      const page = await client.list({
        filter: tab.filter ?? {},
        cursor: reset ? undefined : this.#cursor,
        limit: PAGE,
      });
      if (seq !== this.#seq) return;
      this.#items = reset ? page.items : [...this.#items, ...page.items];
      this.#cursor = page.nextCursor;
      this.#page = { unread: page.unreadCount, unseen: page.unseenCount, total: 0 };
      this.#error = false;
      if (this.#open && page.items.some((i) => !i.seen)) this.#markSeen(tab.id);
    } catch {
      if (seq !== this.#seq) return;
      this.#error = true;
    }
    this.#loading = false;
    this.#render();
  }

  /** The bell was opened while these were listed: the tab is seen. */
  #markSeen(tab: string): void {
    for (const item of this.#items) item.seen = true;
    this.#client?.markAll('seen', tab).catch(() => undefined);
  }

  #count(): number {
    const counts = countsOf(this.#client?.counts, this.tabs[0].id);
    return (counts ?? this.#page)[this.#badge];
  }

  #update(list = true): void {
    this.#dirty ||= list;
    if (this.#queued || !this.#root) return;
    this.#queued = true;
    queueMicrotask(() => {
      this.#queued = false;
      this.#render(false);
    });
  }

  /** Bell, notes and tabs always; the list (or preferences) when `list` or something changed it. */
  #render(list = true): void {
    if (!this.#root) return;
    const s = this.#s;
    const n = this.#count();
    // only what changed is written: a rewritten text node costs a layout (a badge ticks often)
    setAttr(this.#bell, 'aria-expanded', String(this.#open));
    setAttr(
      this.#bell,
      'aria-label',
      plural(this.#badge === 'unseen' ? s.bellUnseen : s.bellUnread, n, this.locale),
    );
    if (this.#badgeEl.hidden !== n <= 0) this.#badgeEl.hidden = n <= 0;
    setText(this.#badgeEl, n > 99 ? '99+' : String(n));
    if (!this.#open) return;
    setText(this.#root.getElementById('heading')!, s.title);
    setText(this.#prefsButton, this.#prefsView ? s.back : s.preferences);
    setAttr(this.#prefsButton, 'data-k', 'prefs');
    setText(this.#root.querySelector('[data-op=close]')!, s.close);
    const notes = renderNotes({ s, status: this.#client?.status ?? 'idle', note: this.#note });
    if (notes.length || this.#notesBox.firstChild) this.#notesBox.replaceChildren(...notes);
    const active = this.#root.activeElement as HTMLElement | null;
    const explicit = this.#focusKey !== undefined;
    const wasInside = this.#body.contains(active);
    const key = this.#focusKey ?? (wasInside ? focusKey(active) : null);
    this.#focusKey = undefined;
    const view: ListView = {
      s,
      locale: this.locale,
      tabs: this.tabs,
      active: this.#active,
      counts: this.#client?.counts ?? {},
      items: this.#items,
      more: !!this.#cursor,
      loading: this.#loading,
      error: this.#error,
      note: this.#note,
      status: this.#client?.status ?? 'idle',
      snoozeOpen: this.#snoozeOpen,
      snoozeInvalid: this.#snoozeInvalid,
      now: Date.now(),
      base: this.ownerDocument.baseURI,
      nodes: this.#nodes,
    };
    // the tabs are rebuilt only when they change (a focused tab keeps its node)
    const tabsKey = this.#prefsView ? '' : JSON.stringify([view.tabs, view.active, s.tabsLabel]);
    if (tabsKey !== this.#tabsKey) {
      this.#tabsKey = tabsKey;
      this.#tabsBox.replaceChildren(...(this.#prefsView ? [] : [renderTabs(view)]));
    }
    if (!this.#prefsView) updateTabCounts(this.#tabsBox.firstElementChild!, view);
    if (list || this.#dirty)
      if (this.#prefsView) this.#mainBox.replaceChildren(renderPreferences(s, this.#prefs));
      else {
        const previous = this.#mainBox.firstElementChild;
        const panel = renderTabPanel(
          view,
          previous?.getAttribute('role') === 'tabpanel' ? previous : null,
        );
        if (panel !== previous) this.#mainBox.replaceChildren(panel);
        this.#nodes.keep(this.#items);
      }
    this.#dirty = false;
    // focus only when a move was asked for or the focus was lost (its node replaced or moved):
    // focus() forces a layout
    if (key && (explicit || this.#root.activeElement !== active)) {
      for (const el of this.#body.querySelectorAll<HTMLElement>('[data-k],[data-op]'))
        if (focusKey(el) === key) return el.focus();
      // the focused control left with its item: the list keeps the focus
      if (wasInside || explicit)
        (this.#body.querySelector('[data-k=tabpanel]') as HTMLElement | null)?.focus();
    }
  }

  #place(): void {
    if (!this.#panel.hasAttribute('popover')) return;
    const r = this.#bell.getBoundingClientRect();
    const width = this.#panel.offsetWidth;
    const vw = this.ownerDocument.documentElement.clientWidth;
    this.#panel.style.top = `${Math.round(r.bottom + 8)}px`;
    this.#panel.style.left = `${Math.round(Math.max(8, Math.min(r.right - width, vw - width - 8)))}px`;
  }

  #outside = (e: Event): void => {
    if (!e.composedPath().includes(this)) this.hide(false);
  };

  #onKey(e: KeyboardEvent): void {
    if (e.key === 'Escape' && this.#open) {
      e.preventDefault();
      this.hide(true);
      return;
    }
    const target = e.target as HTMLElement;
    if (target.getAttribute('role') !== 'tab') return;
    const last = this.tabs.length - 1;
    const moves: Record<string, number> = {
      ArrowRight: this.#active + 1,
      ArrowLeft: this.#active - 1,
      Home: 0,
      End: last,
    };
    if (!(e.key in moves)) return;
    e.preventDefault();
    let next = moves[e.key];
    if (next > last) next = 0;
    if (next < 0) next = last;
    this.#selectTab(next);
  }

  #selectTab(i: number): void {
    this.#active = i;
    this.#snoozeOpen = undefined;
    this.#focusKey = `tab:${i}`;
    void this.#load(true);
  }

  #onChange(e: Event): void {
    const input = e.target as HTMLInputElement;
    if (input.getAttribute('data-op') !== 'pref') return;
    const category = input.getAttribute('data-cat')!;
    const channel = input.getAttribute('data-ch')!;
    const enabled = input.checked;
    const channelState = this.#prefs
      ?.find((t) => t.category === category)
      ?.channels.find((c) => c.channel === channel);
    if (channelState) channelState.enabled = enabled;
    this.#client?.setPreference(category, channel, enabled).then(
      () => this.#setNote(''),
      () => {
        if (channelState) channelState.enabled = !enabled;
        this.#setNote(this.#s.actionFailed);
      },
    );
  }

  #setNote(note: string): void {
    this.#note = note;
    this.#update();
  }

  #onClick(e: MouseEvent): void {
    const el = (e.target as HTMLElement).closest<HTMLElement>('[data-op]');
    const client = this.#client;
    if (!el) {
      if ((e.target as Element).closest('.bell')) void (this.#open ? this.hide(true) : this.show());
      return;
    }
    const op = el.getAttribute('data-op')!;
    const id = el.closest('article')?.getAttribute('data-id') ?? '';
    if (op === 'close') return this.hide(true);
    if (op === 'tab') return this.#selectTab(Number(el.getAttribute('data-i')));
    if (op === 'retry') return void this.#load(true);
    if (op === 'more') return void this.#load(false);
    if (op === 'prefs' || op === 'prefs-retry') return this.#togglePrefs(op === 'prefs-retry');
    if (!client) return;
    if (op === 'all-read') return void this.#bulk('read');
    if (op === 'all-archive') return void this.#bulk('archived');
    const item = this.#items.find((i) => i.id === id);
    if (!item) return;
    if (op === 'open') return void (item.read || this.#mutate(item, 'read'));
    if (op === 'snooze-menu') {
      this.#snoozeOpen = this.#snoozeOpen === id ? undefined : id;
      this.#snoozeInvalid = false;
      this.#focusKey = this.#snoozeOpen ? `snooze-hour:${id}` : `snooze-menu:${id}`;
      return this.#render();
    }
    if (op.startsWith('snooze-')) {
      const preset = (
        { 'snooze-hour': 'hour', 'snooze-tomorrow': 'tomorrow', 'snooze-week': 'week' } as Record<
          string,
          SnoozePreset
        >
      )[op];
      const input = el.parentElement?.querySelector('input');
      const until = preset
        ? snoozePresetTime(preset, new Date())
        : parseCustomSnooze(input?.value ?? '', new Date());
      if (!until) {
        this.#snoozeInvalid = true;
        this.#focusKey = `snooze-input:${id}`; // focusKey() of the input
        return this.#render();
      }
      this.#snoozeOpen = undefined;
      return void this.#mutate(item, 'snooze', until);
    }
    if (op === 'action') return void this.#mutate(item, 'action', el.getAttribute('data-action')!);
    if (
      op === 'read' ||
      op === 'unread' ||
      op === 'archive' ||
      op === 'unarchive' ||
      op === 'unsnooze'
    )
      void this.#mutate(item, op);
  }

  #togglePrefs(reload: boolean): void {
    this.#prefsView = reload || !this.#prefsView;
    this.#focusKey = undefined;
    if (this.#prefsView && (reload || !this.#prefs)) {
      this.#prefs = undefined;
      this.#client
        ?.preferences()
        .then(
          (topics) => (this.#prefs = topics),
          () => (this.#prefs = null),
        )
        .then(() => this.#update());
    }
    this.#render();
    if (!this.#prefsView) void this.#load(true, true);
  }

  async #bulk(change: 'read' | 'archived'): Promise<void> {
    const before = this.#items;
    this.#items = change === 'read' ? before.map((i) => ({ ...i, read: true, seen: true })) : [];
    this.#focusKey = change === 'read' ? 'all-read' : 'tabpanel';
    this.#render();
    try {
      await this.#client!.markAll(change, this.tabs[this.#active].id);
      this.#note = '';
    } catch {
      this.#items = before;
      this.#note = this.#s.actionFailed;
    }
    this.#refreshSoon();
    this.#update();
  }

  async #mutate(item: InboxItem, op: string, arg?: Date | string): Promise<void> {
    const c = this.#client!;
    const status = this.tabs[this.#active].filter?.status ?? 'inbox';
    const leaves =
      op === 'archive' || op === 'snooze'
        ? status === 'inbox' || status === (op === 'archive' ? 'snoozed' : 'archived')
        : op === 'unarchive'
          ? status === 'archived'
          : op === 'unsnooze' && status === 'snoozed';
    const before = this.#items;
    const index = before.indexOf(item);
    if (leaves) {
      this.#items = before.filter((i) => i !== item);
      const next = this.#items[index] ?? this.#items[index - 1];
      this.#focusKey = next ? `${next.read ? 'unread' : 'read'}:${next.id}` : 'tabpanel';
    } else {
      const patch: Partial<InboxItem> =
        op === 'read' || op === 'action'
          ? { read: true, seen: true }
          : op === 'unread'
            ? { read: false }
            : op === 'archive'
              ? { archived: true }
              : op === 'unarchive'
                ? { archived: false }
                : op === 'unsnooze'
                  ? { snoozedUntil: null }
                  : { snoozedUntil: arg as Date };
      this.#items = before.map((i) => (i === item ? { ...i, ...patch } : i));
      // the pressed button becomes its opposite: the focus goes with it
      const opposite: Record<string, string> = {
        read: 'unread',
        unread: 'read',
        archive: 'unarchive',
        unarchive: 'archive',
        snooze: 'unsnooze',
        unsnooze: 'snooze-menu',
      };
      if (opposite[op]) this.#focusKey = `${opposite[op]}:${item.id}`;
    }
    this.#render();
    try {
      if (op === 'action') {
        await c.runAction(item.id, arg as string);
        if (!item.read) await c.markRead(item.id);
      } else if (op === 'snooze') await c.snooze(item.id, arg as Date);
      else
        await (
          {
            read: c.markRead,
            unread: c.markUnread,
            archive: c.archive,
            unarchive: c.unarchive,
            unsnooze: c.unsnooze,
          } as Record<string, (id: string) => Promise<void>>
        )[op].call(c, item.id);
      this.#note = '';
    } catch {
      this.#items = before;
      this.#note = this.#s.actionFailed;
    }
    this.#refreshSoon();
    this.#update();
  }
}
