/// <reference lib="dom" />
import type { PreferenceTopic } from '../types.js';
import type { InboxStrings } from '../i18n/strings.js';
import { h } from './dom.util.js';

/** Channel × category switches; `topics` undefined while loading, null after a failure. */
export function renderPreferences(
  s: InboxStrings,
  topics: PreferenceTopic[] | null | undefined,
): HTMLElement {
  let content: HTMLElement | HTMLElement[];
  if (topics === undefined) content = h('p', { class: 'state', part: 'loading' }, s.loading);
  else if (topics === null)
    content = h(
      'div',
      { class: 'state', part: 'error' },
      h('p', null, s.preferencesError),
      h('button', { type: 'button', 'data-op': 'prefs-retry', 'data-k': 'prefs-retry' }, s.retry),
    );
  else if (topics.length === 0)
    content = h('p', { class: 'state', part: 'empty' }, s.preferencesEmpty);
  else
    content = topics.map((topic) =>
      h(
        'fieldset',
        { part: 'preference-topic' },
        h('legend', null, topic.label),
        topic.channels.map((c) =>
          h(
            'label',
            { class: 'switch', part: 'preference' },
            h('input', {
              type: 'checkbox',
              role: 'switch',
              checked: c.enabled,
              'data-op': 'pref',
              'data-cat': topic.category,
              'data-ch': c.channel,
              'data-k': `pref:${topic.category}:${c.channel}`,
            }),
            s.channels[c.channel] ?? c.channel,
          ),
        ),
      ),
    );
  return h(
    'div',
    { class: 'prefs', part: 'preferences', 'aria-busy': String(topics === undefined) },
    content,
  );
}
