/**
 * bench/inbox-ui: `<herald-inbox>` in the browser. (a) Bytes: element + client
 * min + gzip -9 (budget 15 kB) beside @novu/js and @novu/js/ui bundled by the same
 * esbuild in the same run; (b) opening the panel with 50 messages in headless
 * Chromium (budget 50 ms, median of BENCH_INBOX_UI_RUNS; wall time and the renderer
 * main thread's CPU time); (c) 1,000 live events a minute for 60 s (or
 * BENCH_INBOX_UI_ACCELERATION times faster: 10 = 1,000 in 6 s) through the scripted
 * fake client with the panel open: long tasks (none over 50 ms) and main-thread CPU.
 * Needs /usr/bin/chromium; no build needed (esbuild bundles the sources).
 */
const { report } = require('../harness');
const { measureSizes } = require('./size');
const { measureBrowser, RUNS, ACCELERATION } = require('./browser');

const median = (values) => {
  const s = [...values].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};
const r1 = (v) => Math.round(v * 10) / 10;

async function main() {
  const sizes = await measureSizes();
  const herald = sizes.herald_element_and_client;
  const results = {
    bundle_gzip_vs_novu_js: { herald: herald.gzip, peer: sizes.novu_js.gzip, unit: 'bytes min+gzip', ratio: Math.round((herald.gzip / sizes.novu_js.gzip) * 1000) / 1000, budget: 15_000, met: herald.gzip <= 15_000 },
    bundle_gzip_vs_novu_js_ui: { herald: herald.gzip, peer: sizes.novu_js_ui.gzip, unit: 'bytes min+gzip', ratio: Math.round((herald.gzip / sizes.novu_js_ui.gzip) * 1000) / 1000 },
    bundle_minified_vs_novu_js_ui: { herald: herald.minified, peer: sizes.novu_js_ui.minified, unit: 'bytes minified', ratio: Math.round((herald.minified / sizes.novu_js_ui.minified) * 1000) / 1000 },
    client_only_gzip_vs_novu_js: { herald: sizes.herald_client.gzip, peer: sizes.novu_js.gzip, unit: 'bytes min+gzip', ratio: Math.round((sizes.herald_client.gzip / sizes.novu_js.gzip) * 1000) / 1000 },
  };
  const { open, live } = await measureBrowser();
  results.open_panel_50_messages = { herald: r1(median(open.durations)), unit: 'ms (median)', runs: RUNS, max: r1(Math.max(...open.durations)), budget: 50, met: median(open.durations) < 50 };
  results.open_panel_50_messages_to_next_frame = { herald: r1(median(open.frames)), unit: 'ms (median)', runs: RUNS };
  results.open_panel_50_messages_main_thread_cpu = {
    herald: r1(median(open.cpu)),
    unit: 'ms CPU (median; renderer main thread, CDP ThreadTime, includes the call round trip)',
    runs: RUNS,
    budget: 50,
    met: median(open.cpu) < 50,
  };
  results.live_1000_events_a_minute = {
    herald: live.long.length === 0 ? 0 : r1(Math.max(...live.long)),
    unit: 'ms longest long task (0 = none over 50 ms)',
    long_tasks: live.long.length,
    acceleration: ACCELERATION,
    seconds: r1(live.seconds),
    listed_after: live.listed,
    last_announcement: live.status,
    main_thread_cpu_ms: r1(live.cpuMs),
    main_thread_cpu_share: Math.round((live.cpuMs / 1000 / live.seconds) * 1000) / 1000,
    budget: 50,
    met: live.long.length === 0,
  };
  report('inbox-ui', results, {
    peers: {
      bundle: '@novu/js 3.19.2 (headless) and @novu/js/ui (full Inbox), bundled by the same esbuild in the same run: --bundle --minify --format=esm --platform=browser --target=es2022, gzip -9',
      browser: 'no peer: budgets from issue 24 (50 ms to open with 50 messages; no long task over 50 ms at 1,000 events a minute)',
    },
    sizes,
  });
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
