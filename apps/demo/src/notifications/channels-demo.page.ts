import type { DeliveryLogEntry } from '@herald/notification';
import { maskRecipient } from '@herald/notification';
import { html, raw } from '../admin/html.util.js';

/** One recorded delivery, as the page and the JSON route show it (recipient masked). */
export interface DemoDelivery {
  id: string;
  channel: string;
  backend: string;
  recipient: string;
  summary: string;
  at: string;
}

export function toDemoDelivery(entry: DeliveryLogEntry<any>): DemoDelivery {
  const m = entry.message;
  const summary =
    entry.channel === 'sms'
      ? m.body
      : entry.channel === 'push'
        ? `${m.title ?? ''} — ${m.body ?? ''}`
        : m.subject;
  const recipient = entry.recipient.split(', ').map(maskRecipient).join(', ');
  return {
    id: entry.id,
    channel: entry.channel,
    backend: entry.backend,
    recipient,
    summary: String(summary ?? ''),
    at: entry.at.toISOString(),
  };
}

/** The body of GET /channels: three forms and the deliveries the log drivers recorded. */
export function renderChannelsPage(deliveries: DemoDelivery[], notice?: string): string {
  const rows = deliveries.map(
    (d) =>
      html`<tr>
        <td>${d.at}</td>
        <td>${d.channel}</td>
        <td>${d.backend}</td>
        <td>${d.recipient}</td>
        <td>${d.summary}</td>
      </tr>`,
  );
  return html`<h1>Send a notification</h1>
    <p>
      The demo's SMS, push and mail backends use the <code>log</code> driver: they record each
      delivery here instead of sending it. Configure real backends (twilio, fcm, apns, webpush,
      smtp, sendgrid) in <code>config/app.yaml</code> or <code>HERALD_NOTIFICATION__*</code>.
      Sending needs a signed-in user (<a href="/auth/login?next=/channels">sign in</a>): with real
      backends these forms reach real phones and mailboxes.
    </p>
    ${notice ? raw(html`<p role="status"><strong>${notice}</strong></p>`) : ''}
    <section style="display:grid;grid-template-columns:repeat(auto-fit,minmax(16rem,1fr));gap:1rem">
      <form method="post" action="/channels/sms">
        <h2>SMS</h2>
        <label>To (E.164) <input name="to" value="+15005550006" required /></label><br />
        <label>Body <input name="body" value="Your code is 123456" required /></label><br />
        <button type="submit">Send SMS</button>
      </form>
      <form method="post" action="/channels/push">
        <h2>Push</h2>
        <label>Device token <input name="token" value="demo-device-token-0001" required /></label
        ><br />
        <label>Title <input name="title" value="Hello" /></label><br />
        <label>Body <input name="body" value="You have a new message" /></label><br />
        <button type="submit">Send push</button>
      </form>
      <form method="post" action="/channels/mail">
        <h2>Email</h2>
        <label>To <input name="to" type="email" value="ada@example.com" required /></label><br />
        <label>Subject <input name="subject" value="Welcome to Herald" required /></label><br />
        <label>HTML <input name="html" value="<p>Hello <b>Ada</b></p>" /></label><br />
        <button type="submit">Send mail</button>
      </form>
    </section>
    <h2>Recorded deliveries (newest first)</h2>
    <table>
      <thead>
        <tr>
          <th>At</th>
          <th>Channel</th>
          <th>Backend</th>
          <th>Recipient (masked)</th>
          <th>Content</th>
        </tr>
      </thead>
      <tbody>
        ${rows}
      </tbody>
    </table>
    <p><a href="/channels/deliveries">JSON</a></p>`;
}
