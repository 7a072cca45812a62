import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { NotificationTemplates } from './notification-templates.js';

const DIR = join(__dirname, '__fixtures__', 'templates');
const GOLDEN = join(__dirname, '__golden__');
const NOW = new Date('2026-03-10T09:00:00Z');
const DATA = {
  name: 'Ada',
  shop: 'Herald',
  order: {
    id: 'A-1042',
    items: 3,
    total: 1234.5,
    carrier: 'dhl',
    shippedAt: '2026-03-10T07:30:00Z',
    eta: '2026-03-12T09:00:00Z',
    url: 'https://shop.example/orders/A-1042',
  },
};
const LOCALES: Array<[string, string]> = [
  ['en', 'America/New_York'],
  ['de', 'Europe/Berlin'],
  ['ar', 'Asia/Riyadh'],
  ['ja', 'Asia/Tokyo'],
];
const CHANNELS = ['mail', 'sms', 'push', 'inbox'] as const;

/**
 * Rendered output per locale and channel, compared with the files in
 * __golden__/ (run with UPDATE_GOLDEN=1 to rewrite them, then review the diff).
 */
describe('NotificationTemplates golden files', () => {
  let templates: NotificationTemplates;
  beforeAll(async () => {
    templates = await NotificationTemplates.compile({ dir: DIR, defaultLocale: 'en' });
  });

  it.each(LOCALES)('renders order-shipped in %s (%s)', (locale, timeZone) => {
    for (const channel of CHANNELS) {
      const rendered = templates.render('order-shipped', channel, DATA, {
        locale,
        timeZone,
        now: NOW,
      }) as Record<string, string>;
      const text =
        channel === 'mail'
          ? `subject: ${rendered.subject}\n--- text\n${rendered.text}\n--- html\n${rendered.html}\n`
          : `${JSON.stringify(rendered, null, 2)}\n`;
      const file = join(GOLDEN, `order-shipped.${locale}.${channel}.golden`);
      if (process.env.UPDATE_GOLDEN === '1') {
        mkdirSync(GOLDEN, { recursive: true });
        writeFileSync(file, text);
      }
      expect(existsSync(file)).toBe(true);
      expect(text).toBe(readFileSync(file, 'utf8'));
    }
  });
});
