/**
 * In headless Chromium (/usr/bin/chromium through playwright-core): the time to
 * open the panel with 50 messages (performance marks, median of RUNS), and the
 * long tasks while 1,000 live events a minute arrive (for 60 s, or faster: ACCELERATION).
 */
const { createServer } = require('node:http');
const { join } = require('node:path');
const { build } = require('esbuild');
const { chromium } = require('playwright-core');

const ROOT = join(__dirname, '..', '..');
const RUNS = Number(process.env.BENCH_INBOX_UI_RUNS ?? 21);
/** Live events: 1,000 in 60 s / ACCELERATION (default 1: the real rate, one every 60 ms, for 60 s). */
const ACCELERATION = Number(process.env.BENCH_INBOX_UI_ACCELERATION ?? 1);

async function page() {
  const js = (
    await build({
      entryPoints: [join(ROOT, 'test/helpers/inbox-element/page-entry.ts')],
      bundle: true,
      format: 'esm',
      platform: 'browser',
      target: 'es2022',
      minify: true,
      write: false,
      logLevel: 'silent',
    })
  ).outputFiles[0].text;
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>bench</title><script type="module" src="/app.js"></script></head><body><div id="host"></div></body></html>`;
  const server = createServer((req, res) => {
    const js_ = req.url === '/app.js';
    res.writeHead(200, { 'content-type': js_ ? 'text/javascript' : 'text/html' }).end(js_ ? js : html);
  });
  await new Promise((r) => server.listen(0, '127.0.0.1', r));
  return { url: `http://127.0.0.1:${server.address().port}/`, server };
}

async function measureBrowser() {
  const { url, server } = await page();
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
  });
  try {
    const p = await browser.newPage();
    await p.goto(url);
    await p.waitForFunction('!!window.herald');
    // main-thread CPU time of the renderer (CDP Performance.getMetrics ThreadTime): unlike wall
    // time it does not grow while the shared machine's other processes hold the cores
    const cdp = await p.context().newCDPSession(p);
    await cdp.send('Performance.enable');
    const threadTime = async () =>
      (await cdp.send('Performance.getMetrics')).metrics.find((m) => m.name === 'ThreadTime').value * 1000;
    const open = { durations: [], frames: [], cpu: [] };
    // a new element and client each run: the first render, nothing cached
    for (let i = 0; i < RUNS; i++) {
      await p.evaluate(async () => {
        const { FakeInboxClient, fakeItem } = window.herald;
        document.querySelector('herald-inbox')?.remove();
        const el = document.createElement('herald-inbox');
        const items = Array.from({ length: 50 }, (_, n) =>
          fakeItem({ title: `Message ${n}`, body: 'A body of a few words, as a notification has.', minutesAgo: n * 7, severity: n % 10 ? 'normal' : 'high', actions: n % 3 ? [] : [{ label: 'Open', url: '/x' }, { label: 'Approve', actionId: 'approve' }] }),
        );
        el.client = new FakeInboxClient(items, el.tabs);
        document.getElementById('host').append(el);
        await new Promise((r) => setTimeout(r, 30));
      });
      const cpu0 = await threadTime();
      const run = await p.evaluate(async () => {
        const el = document.querySelector('herald-inbox');
        performance.clearMarks();
        performance.mark('open');
        await el.show();
        if (el.shadowRoot.querySelectorAll('article').length !== 50) throw new Error('not 50 items');
        void el.shadowRoot.querySelector('ul').getBoundingClientRect(); // style and layout done
        performance.mark('rendered');
        await new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)));
        performance.mark('framed');
        return [performance.measure('render', 'open', 'rendered').duration, performance.measure('frame', 'open', 'framed').duration];
      });
      open.cpu.push((await threadTime()) - cpu0);
      open.durations.push(run[0]);
      open.frames.push(run[1]);
    }

    const cpuLive0 = await threadTime();
    const live = await p.evaluate(async (acceleration) => {
      const el = document.querySelector('herald-inbox');
      const fake = el.client;
      if (!el.expanded) await el.show();
      const long = [];
      const observer = new PerformanceObserver((list) => long.push(...list.getEntries().map((e) => e.duration)));
      observer.observe({ type: 'longtask' });
      const every = 60_000 / 1000 / acceleration;
      const started = performance.now();
      for (let i = 0; i < 1000; i++) {
        const due = started + i * every;
        const wait = due - performance.now();
        if (wait > 0) await new Promise((r) => setTimeout(r, wait));
        fake.push(window.herald.fakeItem({ title: `Live ${i}`, minutesAgo: 0 }));
      }
      await new Promise((r) => setTimeout(r, 1500)); // the last refresh and announcement
      observer.disconnect();
      const status = el.shadowRoot.querySelector('[role=status]').textContent;
      return { long, seconds: (performance.now() - started) / 1000, status, listed: el.shadowRoot.querySelectorAll('article').length };
    }, ACCELERATION);
    live.cpuMs = (await threadTime()) - cpuLive0;
    return { open, live };
  } finally {
    await browser.close();
    server.close();
  }
}

module.exports = { measureBrowser, RUNS, ACCELERATION };
