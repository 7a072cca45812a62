import type { AdminViewer, InboxMessage } from '@herald/contracts';
import { InboxError } from '../inbox/errors/inbox.error.js';
import type { InboxService } from '../inbox/inbox.service.js';
import { html, SafeHtml } from './admin-html.util.js';

export interface InboxPageContext {
  basePath: string;
  testSendForm: boolean;
}

const STYLE = `
.inbox-toolbar { display: flex; gap: 1rem; align-items: center; flex-wrap: wrap; }
.inbox-list { list-style: none; padding: 0; margin: 1rem 0; }
.inbox-item { background: #fff; border: 1px solid #d8dde6; border-radius: 6px; padding: .75rem 1rem; margin: .5rem 0; }
.inbox-item.unread { border-left: 4px solid #2563eb; background: #eef4ff; }
.inbox-item.unread .inbox-title { font-weight: 700; }
.inbox-item.read .inbox-title { font-weight: 400; color: #4b5563; }
.inbox-title { font-size: 1rem; margin: 0 0 .25rem; }
.inbox-body { margin: 0 0 .25rem; white-space: pre-wrap; }
.inbox-meta { margin: 0; font-size: .85rem; color: #4b5563; }
.inbox-item form { display: inline; }
.inbox-pagination { display: flex; gap: 1rem; }
.inbox-send { margin-top: 2rem; display: grid; gap: .5rem; max-width: 30rem; }
.inbox-send button { justify-self: start; }
[data-herald-inbox] nav a { color: #1d4ed8; }
.inbox-send label { display: grid; gap: .25rem; }
.inbox-element-note { display: none; }
:root:has(herald-inbox:defined) .inbox-element-note { display: block; }
:root:has(herald-inbox:defined) .inbox-fallback { display: none; }
`;

/**
 * Opens the shell's \`<herald-inbox>\` for this page's routes once it is defined: on this
 * page the element is the list. Reads the base path from the page's data attribute.
 */
const OPEN_ELEMENT_SCRIPT = `
const root = document.querySelector('[data-herald-inbox]');
const base = root && root.getAttribute('data-base-path');
customElements.whenDefined('herald-inbox').then(() => {
  const el = [...document.querySelectorAll('herald-inbox')].find((e) => e.getAttribute('base-url') === base);
  if (el && !el.expanded) el.show();
});
`;

function item(m: InboxMessage, basePath: string): SafeHtml {
  const state = m.readAt ? 'read' : 'unread';
  const created = new Date(m.createdAt).toISOString();
  return html`<li class="inbox-item ${state}" data-message-id="${m.id}">
    <h2 class="inbox-title">${m.title}</h2>
    <p class="inbox-body">${m.body}</p>
    <p class="inbox-meta">
      <span class="inbox-state">${m.readAt ? 'Read' : 'Unread'}</span> ·
      <time datetime="${created}">${created.replace('T', ' ').slice(0, 19)} UTC</time>
      ${m.category ? html`· <span class="inbox-category">${m.category}</span>` : ''}
      ${m.actionUrl && /^(\/(?!\/)|https?:\/\/)/.test(m.actionUrl) ? html`· <a href="${m.actionUrl}">Open</a>` : ''}
    </p>
    ${
      m.readAt
        ? ''
        : html`<form method="post" action="${basePath}/read/${m.id}" data-inbox-action="read">
            <button type="submit" aria-label='Mark "${m.title}" read'>Mark read</button>
          </form>`
    }
  </li>`;
}

function sendForm(basePath: string, viewer: AdminViewer): SafeHtml {
  return html`<form
    class="inbox-send"
    method="post"
    action="${basePath}/send"
    aria-labelledby="inbox-send-title"
  >
    <h2 id="inbox-send-title">Send a test notification</h2>
    <label
      >Recipient user id <input name="user_id" value="${viewer.id}" required maxlength="255"
    /></label>
    <label>Title <input name="title" required maxlength="500" /></label>
    <label>Body <textarea name="body" rows="3" maxlength="20000"></textarea></label>
    <button type="submit">Send</button>
  </form>`;
}

/**
 * The inbox management page (an HTML fragment for the admin shell). With
 * JavaScript it opens the shell's `<herald-inbox>` (tabs, archive, snooze,
 * actions, preferences, live updates): the element is the list. The
 * server-rendered list below is its fallback, shown until the element is
 * defined and without JavaScript: the viewer's messages newest first with
 * unread styling, mark one / all read as plain forms (POST + 303), keyset
 * pagination (`?cursor=`), an unread filter (`?filter=unread`). Every value is escaped.
 */
export async function renderInboxPage(
  inbox: InboxService,
  viewer: AdminViewer,
  query: Record<string, string | undefined>,
  ctx: InboxPageContext,
): Promise<string> {
  const unreadOnly = query.filter === 'unread';
  let notice: SafeHtml | string = '';
  let page;
  try {
    page = await inbox.getInbox(viewer.id, { cursor: query.cursor || undefined, unreadOnly });
  } catch (error) {
    if (!(error instanceof InboxError)) throw error;
    notice = html`<p role="alert">
      That page link is no longer valid; showing the newest messages.
    </p>`;
    page = await inbox.getInbox(viewer.id, { unreadOnly });
  }
  const base = ctx.basePath;
  const filterQuery = unreadOnly ? '&filter=unread' : '';
  const items = page.notifications.map((m) => item(m, base));
  return html`<style>
      ${new SafeHtml(STYLE)}
    </style>
    <section
      aria-labelledby="inbox-heading"
      data-herald-inbox
      data-base-path="${base}"
      data-first-page="${query.cursor ? 'false' : 'true'}"
      data-unread-only="${unreadOnly}"
    >
      <h1 id="inbox-heading">Notifications</h1>
      <p class="inbox-element-note">
        Your notifications are open under the bell at the top of the page; the bell opens and closes
        them.
      </p>
      <div class="inbox-fallback">
        ${notice}
        <div class="inbox-toolbar">
          <p>
            <span id="herald-inbox-unread" data-count="${page.unreadCount}"
              >${page.unreadCount}</span
            >
            unread
          </p>
          <form method="post" action="${base}/read-all" data-inbox-action="read-all">
            <button type="submit">Mark all read</button>
          </form>
          <nav aria-label="Filter">
            ${unreadOnly ? html`<a href="${base}">All</a>` : html`<a href="${base}?filter=unread">Unread only</a>`}
          </nav>
        </div>
        <ul id="herald-inbox-list" class="inbox-list" aria-label="Messages">
          ${items}
        </ul>
        ${items.length === 0 ? html`<p class="inbox-empty">No notifications.</p>` : ''}
        <nav class="inbox-pagination" aria-label="Pagination">
          ${query.cursor ? html`<a href="${base}${unreadOnly ? '?filter=unread' : ''}">Newest</a>` : ''}
          ${
            page.nextCursor
              ? html`<a
                  href="${base}?cursor=${encodeURIComponent(page.nextCursor)}${filterQuery}"
                  rel="next"
                  >Older</a
                >`
              : ''
          }
        </nav>
      </div>
      ${ctx.testSendForm ? sendForm(base, viewer) : ''}
    </section>
    <script type="module">
      ${new SafeHtml(OPEN_ELEMENT_SCRIPT)};
    </script>`.value;
}
