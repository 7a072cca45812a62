import type { EffectivePreference } from '@herald/notification';
import { html, raw } from '../admin/html.util.js';
import { CSRF_FIELD } from '../auth/demo-csrf.service.js';
import type { DemoPreferenceTopic } from './demo-preference-topics.js';

function cellForm(
  p: EffectivePreference,
  enabled: 'on' | 'off' | 'default',
  label: string,
  csrf: string,
): string {
  return html`<form method="post" action="/admin/preferences" class="pref-form">
    <input type="hidden" name="${CSRF_FIELD}" value="${csrf}" />
    <input type="hidden" name="category" value="${p.category}" />
    <input type="hidden" name="channel" value="${p.channel}" />
    <input type="hidden" name="enabled" value="${enabled}" />
    <button type="submit" aria-label="${label} ${p.channel} for ${p.category}">${label}</button>
  </form>`;
}

function cell(p: EffectivePreference, csrf: string): string {
  const state = p.enabled ? 'on' : 'off';
  return html`<td
    data-category="${p.category}"
    data-channel="${p.channel}"
    data-enabled="${String(p.enabled)}"
    data-source="${p.source}"
  >
    <span class="badge" style="background:${p.enabled ? '#15803d' : '#7c3aed'}">${state}</span>
    <small>${p.source === 'user' ? 'your choice' : 'default'}</small>
    ${raw(cellForm(p, p.enabled ? 'off' : 'on', p.enabled ? 'Turn off' : 'Turn on', csrf))}
    ${p.source === 'user' ? raw(cellForm(p, 'default', 'Use default', csrf)) : ''}
  </td>`;
}

/**
 * The body of `GET /admin/preferences`: the signed-in user's channels per
 * demo category, each cell a form that turns it on or off (or back to the
 * default). Every value is escaped by `html`.
 */
export function renderPreferencesPage(
  topics: readonly DemoPreferenceTopic[],
  effective: readonly EffectivePreference[],
  csrf: string,
): string {
  const channels = [...new Set(topics.flatMap((t) => t.channels))];
  const find = (category: string, channel: string) =>
    effective.find((p) => p.category === category && p.channel === channel);
  const rows = topics.map(
    (topic) =>
      html`<tr data-topic="${topic.category}">
        <th scope="row">${topic.label} <code>${topic.category}</code></th>
        ${channels.map((channel) => {
          const p = find(topic.category, channel);
          return p ? cell(p, csrf) : html`<td>—</td>`;
        })}
      </tr>`,
  );
  return html`<h1>Notification preferences</h1>
    <p>
      Which channels the notifier may use to reach you, per category. A channel you turn off is
      recorded <code>suppressed</code> (with the reason) instead of sent; critical notifications
      reach you anyway. JSON at <a href="/admin/preferences.json">/admin/preferences.json</a>.
    </p>
    <table class="prefs">
      <thead>
        <tr>
          <th>category</th>
          ${channels.map((c) => html`<th scope="col">${c}</th>`)}
        </tr>
      </thead>
      <tbody>
        ${rows}
      </tbody>
    </table>
    ${raw(`<style>.badge{color:#fff;border-radius:.6rem;padding:.1rem .5rem;font-size:.85rem}
      table.prefs{border-collapse:collapse;width:100%;margin-top:1rem;font-size:.9rem}
      table.prefs td,table.prefs th{border-bottom:1px solid #dde1e8;padding:.4rem;text-align:left;vertical-align:top}
      .pref-form{display:inline;margin-left:.3rem}</style>`)}`;
}
