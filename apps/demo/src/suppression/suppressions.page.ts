import { SUPPRESSION_CHANNELS, type SuppressionPage } from '@herald/notification';
import { html } from '../admin/html.util.js';

/** The suppression list page: a filter, the entries with a Lift button each, and a form to add one. */
export function renderSuppressions(
  page: SuppressionPage,
  filter: { channel?: string; address?: string },
  notice?: string,
): string {
  const options = (selected?: string, any = true) => [
    any ? html`<option value="">any</option>` : '',
    ...SUPPRESSION_CHANNELS.map(
      (c) => html`<option value="${c}" ${c === selected ? 'selected' : ''}>${c}</option>`,
    ),
  ];
  const rows = page.entries.map(
    (e) =>
      html`<tr data-entry="${e.id}">
        <td>${e.channel}</td>
        <td><code>${e.address}</code></td>
        <td>${e.category ?? 'all'}</td>
        <td>${e.reason}</td>
        <td>${e.source}</td>
        <td>${e.createdAt.toISOString().replace('T', ' ').slice(0, 19)}</td>
        <td>
          <form method="post" action="/admin/suppressions/${e.id}/lift">
            <button type="submit" aria-label="Lift ${e.channel} ${e.address}">Lift</button>
          </form>
        </td>
      </tr>`,
  );
  return html`<h1>Suppression list</h1>
    <p>
      Addresses that get no more messages: hard bounces, complaints, SMS STOP, unsubscribes, dead
      push tokens and manual entries. Every send checks this list first and is recorded
      <code>suppressed</code>. JSON at
      <a href="/admin/suppressions.json">/admin/suppressions.json</a>.
    </p>
    ${notice ? html`<p role="status">${notice}</p>` : ''}
    <form method="get" action="/admin/suppressions">
      <label
        >Channel
        <select name="channel">
          ${options(filter.channel)}
        </select></label
      >
      <label>Address <input name="address" value="${filter.address ?? ''}" /></label>
      <button type="submit">Filter</button>
    </form>
    <table>
      <thead>
        <tr>
          <th>Channel</th>
          <th>Address</th>
          <th>Category</th>
          <th>Reason</th>
          <th>Source</th>
          <th>Since (UTC)</th>
          <th></th>
        </tr>
      </thead>
      <tbody>
        ${rows}
      </tbody>
    </table>
    <p>
      ${String(page.total)}
      entries${page.total > page.entries.length ? html` (showing ${String(page.entries.length)} from ${String(page.offset + 1)})` : ''}
    </p>
    <h2>Add an entry</h2>
    <form method="post" action="/admin/suppressions">
      <label
        >Channel
        <select name="channel">
          ${options('mail', false)}
        </select></label
      >
      <label>Address <input name="address" required /></label>
      <label>Category (empty: all) <input name="category" /></label>
      <button type="submit">Suppress</button>
    </form>`;
}
