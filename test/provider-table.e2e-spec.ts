import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CHAT_DRIVERS, MAIL_DRIVERS, PUSH_DRIVERS, SMS_DRIVERS } from '@herald/contracts';
import {
  DEFAULT_WEBHOOK_ROUTES,
  PROVIDER_CATALOG,
  renderProviderTable,
} from '@herald/notification';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { withTable } = require('../scripts/provider-table.js') as {
  withTable(text: string, table: string): string;
};

const CHANNELS_DOC = join(__dirname, '..', 'docs', 'channels.md');

describe('the provider × capability table (docs/channels.md)', () => {
  it('is exactly what the drivers declare (run `npm run build && node scripts/provider-table.js` after changing a declaration)', () => {
    const doc = readFileSync(CHANNELS_DOC, 'utf8');
    expect(withTable(doc, renderProviderTable())).toBe(doc);
  });

  it('has a row for every driver the configuration accepts, and no row for a driver it does not', () => {
    const configured = [
      ...SMS_DRIVERS.map((driver) => `sms:${driver}`),
      ...MAIL_DRIVERS.map((driver) => `mail:${driver}`),
      ...PUSH_DRIVERS.map((driver) => `push:${driver}`),
      ...CHAT_DRIVERS.map((driver) => `chat:${driver}`),
    ].filter((key) => !key.endsWith(':log'));
    // outgoing webhooks and WhatsApp (through Twilio) are notifier channels, not configured backends
    const declared = PROVIDER_CATALOG.filter(
      (entry) => entry.channel !== 'webhook' && entry.channel !== 'whatsapp',
    ).map((entry) => `${entry.channel}:${entry.driver}`);
    expect([...new Set(declared)].sort()).toEqual([...new Set(configured)].sort());
  });

  it('names only feedback routes that the webhooks module serves by default', () => {
    const served = new Set(Object.values(DEFAULT_WEBHOOK_ROUTES));
    for (const entry of PROVIDER_CATALOG) {
      const routes = [...(entry.feedbackWebhook ?? '').matchAll(/`([^`]+)`/g)].map((m) => m[1]);
      if (entry.feedbackWebhook !== null) expect(routes.length).toBeGreaterThan(0);
      for (const route of routes)
        expect({ driver: entry.driver, route, served: served.has(route) }).toEqual({
          driver: entry.driver,
          route,
          served: true,
        });
      // A feedback route is only worth listing with the way it is authenticated.
      if (entry.feedbackWebhook !== null) expect(entry.signature).not.toBeNull();
    }
  });

  it('renders a cell for every capability, escaping pipes so a declaration cannot break the table', () => {
    const table = renderProviderTable([
      { ...PROVIDER_CATALOG[0], send: 'a | b', batch: null, suppressionSources: [] },
    ]);
    const row = table.split('\n')[2];
    expect(row).toContain('a \\| b');
    expect(row).toContain('no: one request per message');
    expect(row.split(/(?<!\\)\|/).length - 2).toBe(9);
  });
});
