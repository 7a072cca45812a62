import type { AdminViewer } from '@herald/contracts';
import { FEEDBACK_STATUSES, type DeliveryRecord, type DeliveryStatus } from '@herald/notification';
import { html, raw } from '../admin/html.util.js';
import { DEMO_SCENARIOS } from './demo-backends.js';
import type { LoggedNotification } from './notification-log.js';

const COLOURS: Record<DeliveryStatus, string> = {
  queued: '#6b7280',
  sending: '#2563eb',
  retrying: '#d97706',
  sent: '#15803d',
  failed: '#b91c1c',
  dead: '#7f1d1d',
  skipped: '#9ca3af',
  suppressed: '#7c3aed',
  throttled: '#a16207',
  digested: '#0e7490',
  delivered: '#166534',
  bounced: '#9f1239',
  complained: '#be185d',
};

/**
 * Moves a row the moment a provider report arrives: the shell's stream
 * broadcasts `delivery.updated` (the two-second reload covers the rest).
 */
const LIVE_SCRIPT = `(function () {
  if (!window.EventSource) return;
  var colours = __COLOURS__;
  var source = new EventSource('/admin/notifications/stream');
  source.addEventListener('delivery.updated', function (e) {
    var data;
    try { data = JSON.parse(e.data); } catch (err) { return; }
    document.querySelectorAll('tr[data-id]').forEach(function (row) {
      if (row.getAttribute('data-id') !== data.delivery_id) return;
      row.setAttribute('data-status', data.status);
      var badge = row.querySelector('.badge.status');
      badge.textContent = data.status;
      badge.style.background = colours[data.status] || '#6b7280';
      row.querySelector('.report').textContent = (data.reason || '') + ' ' + data.occurred_at.slice(11, 19);
    });
  });
  window.addEventListener('beforeunload', function () { source.close(); });
})();`;

const badge = (status: string) =>
  html`<span class="badge" style="background:${COLOURS[status as DeliveryStatus] ?? '#6b7280'}"
    >${status}</span
  >`;

/** The notifier's part: a form to notify a demo user, and each notification with its deliveries. */
function renderNotifications(
  notifications: readonly LoggedNotification[],
  users: readonly AdminViewer[],
): string {
  const options = users.map((u) => html`<option value="${u.id}">${u.name ?? u.id}</option>`);
  const items = notifications.map(
    ({ notification: n, deliveries }) =>
      html`<li data-notification="${n.id}">
        <code>${n.id}</code> <b>${n.type}</b> (${n.category}) ${raw(badge(n.status))}
        ${n.createdAt.toISOString().slice(11, 19)}
        <ul>
          ${deliveries.map(
            (d) =>
              html`<li data-status="${String(d.status)}">
                ${String(d.channel)} → ${String(d.recipient)} ${raw(badge(String(d.status)))}
                ${d.lastError ? raw(html`<i>${String(d.lastError)}</i>`) : ''}
              </li>`,
          )}
        </ul>
      </li>`,
  );
  return html`<h2>Notifications</h2>
    <p>
      One <code>notify()</code> per person: the notification picks the channels (inbox, SMS, mail,
      push), and each channel send is a delivery below. JSON at
      <a href="/admin/deliveries/notifications.json">/admin/deliveries/notifications.json</a>.
    </p>
    <form method="post" action="/admin/deliveries/notify">
      <label
        >User
        <select name="user">
          ${options}
        </select></label
      >
      <button type="submit">Notify a demo user</button>
    </form>
    <ul class="notifications">
      ${items}
    </ul>`;
}

/** A record's provider report (reason, time), or buttons that play one for a sent record. */
function feedback(r: DeliveryRecord): string {
  if (r.status !== 'sent' || !r.providerMessageId) {
    const at = r.providerStatusAt ? r.providerStatusAt.toISOString().slice(11, 19) : '';
    return html`${r.providerReason ?? ''} ${at}`;
  }
  const buttons = FEEDBACK_STATUSES.map(
    (status) =>
      html`<button type="submit" name="status" value="${status}" title="play a ${status} report">
        ${status}
      </button>`,
  );
  return html`<form method="post" action="/admin/deliveries/${r.id}/feedback" class="feedback">
    ${buttons}
  </form>`;
}

/** The delivery log: a send form, counts by status and the newest records (recipients masked). */
export function renderDeliveryLog(
  records: DeliveryRecord[],
  counts: Record<DeliveryStatus, number>,
  mode: string,
  notifications: readonly LoggedNotification[] = [],
  users: readonly AdminViewer[] = [],
): string {
  const options = Object.entries(DEMO_SCENARIOS).map(
    ([value, s]) => html`<option value="${value}">${s.label}</option>`,
  );
  const badges = (Object.keys(COLOURS) as DeliveryStatus[]).map(
    (status) =>
      html`<span class="badge" style="background:${COLOURS[status]}"
        >${status}: ${counts[status]}</span
      > `,
  );
  const rows = records.map((r) => {
    const json = r.toJSON();
    return html`<tr data-id="${r.id}" data-status="${r.status}">
      <td><code>${r.id}</code></td>
      <td>${r.channel}</td>
      <td>${r.backend}</td>
      <td>${json.recipient}</td>
      <td>
        <span class="badge status" style="background:${COLOURS[r.status]}">${r.status}</span>
      </td>
      <td>${r.attempts}</td>
      <td class="sms-segments">
        ${r.smsSegments === undefined ? '' : `${r.smsSegments} × ${r.smsEncoding ?? '?'}`}
      </td>
      <td>${r.lastError ?? ''}</td>
      <td class="report">${raw(feedback(r))}</td>
      <td>${r.updatedAt.toISOString().slice(11, 19)}</td>
    </tr>`;
  });
  return html`<h1>Deliveries</h1>
    <p>
      Every SMS goes through retries (exponential backoff, full jitter), failover to fallback
      backends and a per-backend circuit breaker; each message has a record moving
      <code>queued → sending → sent | retrying | failed | dead</code>, then, as the provider's
      signed status webhooks report,
      <code>sent → delivered | bounced | failed | complained</code> (the demo's backends report
      nothing: the buttons on a sent record play the report). Queue mode: <b>${mode}</b>. This page
      refreshes every two seconds; JSON at
      <a href="/admin/deliveries.json">/admin/deliveries.json</a>.
    </p>
    <form method="post" action="/admin/deliveries/send">
      <label
        >Scenario
        <select name="scenario">
          ${options}
        </select></label
      >
      <label>To <input name="to" value="+15005550006" /></label>
      <button type="submit">Send a test SMS</button>
    </form>
    ${raw(renderNotifications(notifications, users))}
    <h2>Records</h2>
    <p>${badges}</p>
    <table>
      <thead>
        <tr>
          <th>id</th>
          <th>channel</th>
          <th>backend</th>
          <th>recipient</th>
          <th>status</th>
          <th>attempts</th>
          <th><abbr title="SMS segments billed, and their encoding">segments</abbr></th>
          <th>last error</th>
          <th>provider report</th>
          <th>updated (UTC)</th>
        </tr>
      </thead>
      <tbody>
        ${rows}
      </tbody>
    </table>
    ${raw(`<style>.badge{color:#fff;border-radius:.6rem;padding:.1rem .5rem;font-size:.85rem}
      table{border-collapse:collapse;width:100%;margin-top:1rem;font-size:.9rem}
      td,th{border-bottom:1px solid #dde1e8;padding:.3rem;text-align:left}</style>
      <script>setTimeout(function(){location.reload()},2000)</script>`)}
    ${raw(`<script>${LIVE_SCRIPT.replace('__COLOURS__', JSON.stringify(COLOURS))}</script>`)}`;
}
