#!/usr/bin/env node
// Takes the screenshots of <herald-inbox> shown in docs/inbox-element.md: the default look
// (docs/inbox-element-default.png) and a themed one through --herald-* properties and ::part()
// (docs/inbox-element-themed.png). Needs /usr/bin/chromium; bundles the sources with esbuild
// (no build needed) and uses the test pages' scripted client. Run: node scripts/inbox-element-screenshots.js
const { createServer } = require('node:http');
const { join } = require('node:path');
const { build } = require('esbuild');
const { chromium } = require('playwright-core');

const ROOT = join(__dirname, '..');

const THEME = `
herald-inbox.themed {
  --herald-color-bg: #fffaf3; --herald-color-fg: #2b2118; --herald-color-muted: #6b5744;
  --herald-color-border: #e3d3bf; --herald-color-accent: #9a3412; --herald-color-accent-fg: #fff;
  --herald-color-badge-bg: #9a3412; --herald-color-unread-bg: #fdebd3;
  --herald-radius: 14px; --herald-font: 15px/1.4 Georgia, serif; --herald-space: 10px;
}
herald-inbox.themed::part(bell) { background: #9a3412; color: #fff; border-color: #9a3412; }
herald-inbox.themed::part(badge) { background: #fff; color: #9a3412; }
herald-inbox.themed::part(panel) { box-shadow: 0 12px 32px rgb(80 40 0 / .25); }`;

async function main() {
  const js = (
    await build({
      entryPoints: [join(ROOT, 'test/helpers/inbox-element/page-entry.ts')],
      bundle: true,
      format: 'esm',
      platform: 'browser',
      target: 'es2022',
      write: false,
      logLevel: 'silent',
    })
  ).outputFiles[0].text;
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>herald-inbox</title>
<style>body{margin:0;font:14px/1.4 system-ui,sans-serif;background:#f4f5f7}header{display:flex;justify-content:space-between;align-items:center;padding:10px 24px;background:#fff;border-bottom:1px solid #ddd}${THEME}</style>
<script type="module" src="/app.js"></script></head><body><header><strong>Acme dashboard</strong><div id="host"></div></header></body></html>`;
  const server = createServer((req, res) => {
    const isJs = req.url === '/app.js';
    res.writeHead(200, { 'content-type': isJs ? 'text/javascript' : 'text/html' }).end(isJs ? js : html);
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu'] });
  try {
    for (const [name, cls] of [['default', ''], ['themed', 'themed']]) {
      const page = await browser.newPage({ viewport: { width: 520, height: 660 }, colorScheme: 'light', deviceScaleFactor: 1 });
      await page.goto(`http://127.0.0.1:${server.address().port}/`);
      await page.waitForFunction('!!window.herald');
      await page.evaluate(async (cls) => {
        const { FakeInboxClient, fakeItem } = window.herald;
        const el = document.createElement('herald-inbox');
        if (cls) el.className = cls;
        el.client = new FakeInboxClient(
          [
            fakeItem({ title: 'Deploy finished', body: 'api v2.3 is live in eu-west-1.', minutesAgo: 5, severity: 'high', actions: [{ label: 'View deploy', url: '/deploys/42' }, { label: 'Roll back', actionId: 'rollback' }] }),
            fakeItem({ title: 'New comment on "Q4 plan"', body: 'Ada: looks good to me, ship it.', minutesAgo: 60 }),
            fakeItem({ title: 'Invoice #1042 paid', body: '€1,250.00 received from Initech.', minutesAgo: 60 * 26, read: true, seen: true }),
            fakeItem({ title: 'Weekly report', body: 'Your usage summary is ready.', minutesAgo: 60 * 24 * 3, severity: 'low' }),
          ],
          el.tabs,
        );
        document.getElementById('host').append(el);
        await el.show();
        el.shadowRoot.activeElement?.blur();
      }, cls);
      await page.waitForTimeout(300); // fonts and the popover's first paint
      await page.screenshot({ path: join(ROOT, 'docs', `inbox-element-${name}.png`) });
      await page.close();
    }
  } finally {
    await browser.close();
    server.close();
  }
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
