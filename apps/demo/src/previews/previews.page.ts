import type { PushMessage } from '@herald/contracts';
import type { NotificationPreview } from '@herald/notification';
import { html, raw } from '../admin/html.util.js';
import {
  PREVIEW_CHANNELS,
  PREVIEW_LOCALES,
  PREVIEW_NOTIFICATIONS,
  PREVIEW_RECIPIENTS,
  type PreviewChannel,
} from './demo-preview-catalog.js';

/** What the page shows: the choice, and the preview or why the class cannot render that channel. */
export interface PreviewSelection {
  class: string;
  channel: PreviewChannel;
  recipient: string;
  locale: string;
  /** The notification's `type`. */
  type: string;
  preview?: NotificationPreview;
  /** The class has no render method nor template for the channel. */
  missing?: string;
}

/** Arabic, Hebrew, Persian, Urdu...: the scripts written right to left. */
const RTL = /^(ar|he|fa|ur|ps|sd|ug|yi|dv)(-|$)/i;
const dirOf = (locale: string) => (RTL.test(locale) ? 'rtl' : 'ltr');
/** APNs and FCM refuse a payload above this many bytes. */
const PUSH_LIMIT = 4096;

const query = (s: Omit<PreviewSelection, 'type' | 'preview' | 'missing'>) =>
  `/admin/previews?${new URLSearchParams({ ...s }).toString()}`;

function select(name: string, label: string, options: Array<[string, string]>, chosen: string) {
  const items = options.map(
    ([value, text]) =>
      html`<option value="${value}" ${raw(value === chosen ? 'selected' : '')}>${text}</option>`,
  );
  return html`<label for="preview-${name}">${label}</label>
    <select name="${name}" id="preview-${name}">
      ${items}
    </select>`;
}

/** Every class with a link per channel, for the chosen recipient and locale. */
function renderClassList(s: PreviewSelection): string {
  const rows = Object.entries(PREVIEW_NOTIFICATIONS).map(([key, entry]) => {
    const links = PREVIEW_CHANNELS.map(
      (channel) =>
        html`<a
          href="${query({ class: key, channel, recipient: s.recipient, locale: s.locale })}"
          aria-label="${entry.label} ${channel}"
          ${raw(key === s.class && channel === s.channel ? 'aria-current="page"' : '')}
          >${channel}</a
        > `,
    );
    return html`<tr data-class="${key}">
      <td><code>${entry.label}</code></td>
      <td><code>${entry.create().type}</code></td>
      <td>${entry.source === 'templates' ? 'file templates' : 'render methods'}</td>
      <td>${links}</td>
    </tr>`;
  });
  return html`<table class="classes">
    <caption>
      Notification classes of the demo
    </caption>
    <thead>
      <tr>
        <th scope="col">class</th>
        <th scope="col">type</th>
        <th scope="col">text from</th>
        <th scope="col">preview</th>
      </tr>
    </thead>
    <tbody>
      ${rows}
    </tbody>
  </table>`;
}

function renderMail(preview: NotificationPreview, dir: string): string {
  const mail = preview.content as { subject?: string; html?: string; text?: string };
  return html`<dl class="facts">
      <dt>Subject</dt>
      <dd id="mail-subject">${mail.subject ?? ''}</dd>
    </dl>
    <iframe
      id="mail-frame"
      title="Mail preview: ${mail.subject ?? ''}"
      sandbox=""
      referrerpolicy="no-referrer"
      dir="${dir}"
      lang="${preview.locale}"
      srcdoc="${mail.html ?? ''}"
    ></iframe>
    <h3>Text part</h3>
    <pre id="mail-text" dir="${dir}" lang="${preview.locale}">${mail.text ?? '(none)'}</pre>`;
}

function renderSms(preview: NotificationPreview, dir: string): string {
  const body = (preview.content as { body?: string }).body ?? '';
  const info = preview.sms;
  return html`<div class="phone">
      <p class="bubble" id="sms-body" dir="${dir}" lang="${preview.locale}">${body}</p>
    </div>
    <dl class="facts">
      <dt>Encoding</dt>
      <dd id="sms-encoding">${info?.encoding ?? '-'}</dd>
      <dt>Segments</dt>
      <dd id="sms-segments">${info?.segments ?? '-'}</dd>
      <dt>Length</dt>
      <dd id="sms-units">
        ${info ? `${info.units} ${info.encoding === 'GSM-7' ? 'septets' : 'UTF-16 units'}` : '-'}
      </dd>
    </dl>`;
}

function renderPush(preview: NotificationPreview, dir: string): string {
  const push = preview.content as Partial<PushMessage>;
  const sizes = preview.push;
  const size = (bytes: number | undefined) =>
    bytes === undefined
      ? '-'
      : `${bytes} of ${PUSH_LIMIT} bytes${bytes > PUSH_LIMIT ? ' (too large: notify() refuses it)' : ''}`;
  return html`<div class="device">
      <div class="push-card" dir="${dir}" lang="${preview.locale}">
        <p class="app">HERALD · now</p>
        <p class="push-title" id="push-title">${push.title ?? ''}</p>
        <p class="push-body" id="push-body">${push.body ?? ''}</p>
      </div>
    </div>
    <dl class="facts">
      <dt>APNs payload</dt>
      <dd id="push-apns">${size(sizes?.apns)}</dd>
      <dt>FCM payload</dt>
      <dd id="push-fcm">${size(sizes?.fcm)}</dd>
    </dl>`;
}

function renderInbox(preview: NotificationPreview, dir: string): string {
  const item = preview.content as { title?: string; body?: string; actionUrl?: string };
  return html`<div class="inbox-list" role="list" aria-label="Inbox">
    <article class="inbox-item unread" role="listitem" dir="${dir}" lang="${preview.locale}">
      <h4 id="inbox-title">${item.title ?? ''}</h4>
      <p id="inbox-body">${item.body ?? ''}</p>
      <p class="when">just now</p>
    </article>
  </div>`;
}

const RENDERERS: Record<PreviewChannel, (p: NotificationPreview, dir: string) => string> = {
  mail: renderMail,
  sms: renderSms,
  push: renderPush,
  inbox: renderInbox,
};

/** `/admin/previews`: pick a class, channel, recipient and locale; see it as it would go out. */
export function renderPreviewsPage(s: PreviewSelection): string {
  const entry = PREVIEW_NOTIFICATIONS[s.class];
  const form = html`<form method="get" action="/admin/previews" class="choose">
    ${raw(
      select(
        'class',
        'Class',
        Object.entries(PREVIEW_NOTIFICATIONS).map(([k, v]) => [k, v.label]),
        s.class,
      ),
    )}
    ${raw(
      select(
        'channel',
        'Channel',
        PREVIEW_CHANNELS.map((c) => [c, c]),
        s.channel,
      ),
    )}
    ${raw(
      select(
        'recipient',
        'Recipient',
        Object.entries(PREVIEW_RECIPIENTS).map(([k, v]) => [k, v.label]),
        s.recipient,
      ),
    )}
    ${raw(
      select(
        'locale',
        'Locale',
        PREVIEW_LOCALES.map((l) => [l, l]),
        s.locale,
      ),
    )}
    <button type="submit">Show preview</button>
  </form>`;
  const dir = dirOf(s.preview?.locale ?? s.locale);
  const body = s.preview
    ? raw(RENDERERS[s.channel](s.preview, dir))
    : html`<p id="preview-missing">${s.missing ?? ''}</p>`;
  return html`<h1>Notification previews</h1>
    <p>
      Each notification class of the demo rendered for a sample recipient in a locale, as
      <code>notify()</code> would render it (<code>NotificationPreviewService</code>): nothing is
      sent or stored. The mail is shown in a sandboxed frame (no scripts), the SMS with its encoding
      and the segments a carrier bills, the push as a device would show it with its payload size.
    </p>
    ${raw(form)} ${raw(renderClassList(s))}
    <section
      class="preview"
      aria-labelledby="preview-heading"
      data-channel="${s.channel}"
      data-locale="${s.preview?.locale ?? s.locale}"
    >
      <h2 id="preview-heading">${entry.label}: ${s.channel}, ${s.preview?.locale ?? s.locale}</h2>
      ${body}
    </section>
    ${raw(`<style>
      .choose select{margin:0 .8rem 0 .3rem}
      table.classes{border-collapse:collapse;margin:1rem 0;font-size:.9rem}
      table.classes caption{text-align:left;font-weight:bold}
      table.classes td,table.classes th{border-bottom:1px solid #dde1e8;padding:.3rem .6rem;text-align:left}
      table.classes a[aria-current]{font-weight:bold}
      .facts{display:grid;grid-template-columns:max-content auto;gap:.2rem 1rem}
      .facts dt{font-weight:bold}.facts dd{margin:0}
      #mail-frame{width:640px;max-width:100%;height:460px;border:1px solid #9ca3af;background:#fff}
      #mail-text{white-space:pre-wrap;background:#f4f4f5;padding:.6rem;max-width:640px}
      .phone{box-sizing:border-box;width:320px;padding:1rem;background:#e5e7eb;border-radius:1.2rem}
      .bubble{background:#1d4ed8;color:#fff;padding:.6rem .8rem;border-radius:1rem;margin:0;white-space:pre-wrap;overflow-wrap:anywhere}
      .device{box-sizing:border-box;width:360px;padding:1rem;background:#1f2937;border-radius:1.6rem}
      .push-card{background:#f9fafb;color:#111827;border-radius:.9rem;padding:.6rem .8rem;overflow-wrap:anywhere}
      .push-card p{margin:.1rem 0}.push-card .app{font-size:.75rem;color:#4b5563}
      .push-title{font-weight:bold}
      .inbox-list{box-sizing:border-box;width:360px;border:1px solid #d1d5db;border-radius:.5rem}
      .inbox-item{padding:.6rem .8rem;border-left:4px solid #2563eb;background:#eff6ff;overflow-wrap:anywhere}
      .inbox-item h4{margin:0 0 .2rem}.inbox-item p{margin:.1rem 0}.inbox-item .when{font-size:.8rem;color:#4b5563}
    </style>`)}`;
}
