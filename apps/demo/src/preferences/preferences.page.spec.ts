import { renderPreferencesPage } from './preferences.page.js';

describe('renderPreferencesPage', () => {
  it('escapes every value it shows (labels, categories, channels, the token)', () => {
    const page = renderPreferencesPage(
      [{ category: 'a"<b>', label: '<img src=x onerror=alert(1)>', channels: ['mail'] }],
      [{ category: 'a"<b>', channel: 'mail', enabled: false, source: 'user' }],
      '"><script>x</script>',
    );
    expect(page).not.toContain('<img src=x');
    expect(page).not.toContain('<script>x');
    expect(page).not.toContain('<b>');
    expect(page).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(page).toContain('value="&quot;&gt;&lt;script&gt;x&lt;/script&gt;"');
    expect(page).toContain('data-category="a&quot;&lt;b&gt;"');
  });

  it('offers to turn a channel back on and to return to the default once the user chose', () => {
    const page = renderPreferencesPage(
      [{ category: 'demo', label: 'Demo', channels: ['mail', 'sms'] }],
      [
        { category: 'demo', channel: 'mail', enabled: false, source: 'user' },
        { category: 'demo', channel: 'sms', enabled: true, source: 'default' },
      ],
      'tok',
    );
    expect(page).toContain('aria-label="Turn on mail for demo"');
    expect(page).toContain('aria-label="Use default mail for demo"');
    expect(page).toContain('aria-label="Turn off sms for demo"');
    expect(page).not.toContain('aria-label="Use default sms for demo"');
  });
});
