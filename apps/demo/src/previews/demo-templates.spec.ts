import { NotificationTemplates } from '@herald/notification';
import {
  PREVIEW_CHANNELS,
  PREVIEW_LOCALES,
  PREVIEW_NOTIFICATIONS,
  PREVIEW_RECIPIENTS,
} from './demo-preview-catalog.js';
import { DEMO_TEMPLATES_DIR } from './previews-demo.module.js';

describe('the demo templates (apps/demo/templates)', () => {
  let templates: NotificationTemplates;
  beforeAll(async () => {
    // the start-time checks: syntax, partials, {{t}} keys, ICU messages, MJML (strict)
    templates = await NotificationTemplates.compile({
      dir: DEMO_TEMPLATES_DIR,
      defaultLocale: 'en',
    });
  });

  const templated = Object.values(PREVIEW_NOTIFICATIONS).filter((n) => n.source === 'templates');

  it('render every channel of every templated class in every locale the page offers', async () => {
    const now = new Date('2026-03-10T08:30:00Z');
    for (const entry of templated) {
      const notification = entry.create();
      const data = await notification.templateData(PREVIEW_RECIPIENTS.sam, {} as never);
      for (const channel of PREVIEW_CHANNELS)
        for (const locale of PREVIEW_LOCALES) {
          expect(templates.has(notification.template!, channel)).toBe(true);
          const out = templates.render(notification.template!, channel, data, { locale, now });
          expect(JSON.stringify(out)).not.toMatch(/\{\{|undefined/);
        }
    }
  });

  it('makes the Arabic mail right to left and the German one German', () => {
    const data = { name: 'Ada', shop: 'Herald', code: '123456', minutes: 10 };
    const ar = templates.render('sign-in-code', 'mail', data, { locale: 'ar' });
    expect(ar.html).toMatch(/<html[^>]*dir="rtl"/);
    expect(ar.html).toMatch(/<html[^>]*lang="ar"/);
    const de = templates.render('sign-in-code', 'mail', data, { locale: 'de' });
    expect(de.subject).toBe('Ihr Anmeldecode');
    expect(de.html).toMatch(/<html[^>]*dir="ltr"/);
    // no mail.text file: the text part is derived from the HTML
    expect(de.text).toContain('Ihr Code lautet 123456. Er läuft in 10 Minuten ab.');
  });
});
