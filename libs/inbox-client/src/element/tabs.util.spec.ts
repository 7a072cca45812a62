import { en } from '../i18n/en.js';
import { defaultTabs, parseTabs } from './tabs.util.js';

describe('tabs configuration', () => {
  it('reads the JSON attribute and the property alike', () => {
    const tabs = [
      { id: 'all', label: 'All' },
      {
        id: 'billing',
        label: 'Billing',
        filter: { tags: ['billing'], read: false, severity: ['high'] },
      },
    ];
    expect(parseTabs(JSON.stringify(tabs))).toEqual([
      { id: 'all', label: 'All', filter: undefined },
      tabs[1],
    ]);
    expect(parseTabs(tabs)).toEqual(parseTabs(JSON.stringify(tabs)));
  });

  it('has All, Unread, Archived and Snoozed by default', () => {
    expect(defaultTabs(en).map((t) => t.label)).toEqual(['All', 'Unread', 'Archived', 'Snoozed']);
  });

  it.each([
    ['{not json', /^herald-inbox: tabs must be JSON/],
    ['[]', /tabs must be an array of 1 to 20 tabs/],
    [
      JSON.stringify(Array.from({ length: 21 }, (_, i) => ({ id: `t${i}`, label: 'x' }))),
      /1 to 20/,
    ],
    ['[1]', /tabs\[0\] must be an object/],
    ['[{"label":"x"}]', /tabs\[0\]\.id must be 1-64 characters/],
    ['[{"id":"a b","label":"x"}]', /tabs\[0\]\.id must be/],
    ['[{"id":"a","label":"x"},{"id":"a","label":"y"}]', /tabs\[1\]\.id "a" is used twice/],
    ['[{"id":"a","label":""}]', /tabs\[0\]\.label must be a text of 1-80/],
    ['[{"id":"a","label":"x","filter":[]}]', /tabs\[0\]\.filter must be an object/],
    [
      '[{"id":"a","label":"x","filter":{"colour":1}}]',
      /filter\.colour is unknown; allowed: status, read/,
    ],
    [
      '[{"id":"a","label":"x","filter":{"no such\\nkey":1}}]',
      /tabs\[0\]\.filter has an unknown key of 11 characters; allowed: status/,
    ],
    [
      '[{"id":"a","label":"x","filter":{"status":"deleted"}}]',
      /filter\.status must be one of inbox, archived/,
    ],
    ['[{"id":"a","label":"x","filter":{"read":"no"}}]', /filter\.read must be true or false/],
    [
      '[{"id":"a","label":"x","filter":{"tags":["a\\u0007"]}}]',
      /filter\.tags must be an array of at most 10/,
    ],
    [
      '[{"id":"a","label":"x","filter":{"severity":["urgent"]}}]',
      /filter\.severity must be an array of low/,
    ],
  ])('refuses %s naming the field', (text, message) => {
    expect(() => parseTabs(text)).toThrow(message);
  });
});
