import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { SLOTier, toPrometheusRules, type SLO } from '@herald/monitor';

const run = promisify(execFile);

const slos: SLO[] = [
  {
    name: 'checkout-p99',
    metric: 'checkout.latency',
    percentile: 0.99,
    thresholdMs: 300,
    windowMs: 5 * 60_000,
    tier: SLOTier.P0_PAGE,
    owner: 'payments',
    runbookUrl: 'https://runbooks.example.com/checkout',
    description: 'p99 checkout under 300 ms',
  },
  {
    name: 'search p50 "fast"',
    metric: 'search_latency',
    percentile: 0.5,
    thresholdMs: 100,
    windowMs: 3_600_000,
    burnRateThreshold: 1.5,
    tier: SLOTier.P3_INFO,
  },
];

/** promtool's exit code and output (a failing check is not an exception here). */
async function promtool(...args: string[]): Promise<{ code: number; output: string }> {
  try {
    const { stdout, stderr } = await run('promtool', args);
    return { code: 0, output: stdout + stderr };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, output: e.stdout + e.stderr };
  }
}

describe('toPrometheusRules and promtool', () => {
  let dir: string;
  beforeAll(() => (dir = mkdtempSync(join(tmpdir(), 'herald-rules-'))));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('writes recording and alerting rules that `promtool check rules` accepts', async () => {
    const file = join(dir, 'slo.rules.yml');
    writeFileSync(file, toPrometheusRules(slos));
    const { code, output } = await promtool('check', 'rules', file);
    expect(output).toContain('SUCCESS: 20 rules found');
    expect(code).toBe(0);
  });

  it('promtool rejects a broken rules file (the check above can fail)', async () => {
    const file = join(dir, 'broken.rules.yml');
    writeFileSync(
      file,
      toPrometheusRules(slos).replace('herald_slo:latency_ms', 'herald slo latency'),
    );
    const { code, output } = await promtool('check', 'rules', file);
    expect(code).not.toBe(0);
    expect(output).toMatch(/invalid recording rule name/);
  });

  it('the rules fire as intended on a histogram (`promtool test rules`)', async () => {
    const rules = join(dir, 'checkout.rules.yml');
    writeFileSync(rules, toPrometheusRules([slos[0]], { interval: '1m' }));
    // 100 requests a minute, 10 of them slower than 300 ms: 10 % bad against 1 % allowed = 10x burn.
    // Buckets in seconds, cumulative; the p99 is interpolated in the (0.3, 1] bucket: 930 ms.
    // The 6x (6h+30m) page and the 1x (3d+6h) ticket fire, the 14.4x page does not.
    const test = join(dir, 'checkout.test.yml');
    writeFileSync(
      test,
      [
        'rule_files: [checkout.rules.yml]',
        'evaluation_interval: 1m',
        'tests:',
        '  - interval: 1m',
        '    input_series:',
        '      - series: \'checkout_latency_bucket{le="0.1"}\'',
        "        values: '0+50x120'",
        '      - series: \'checkout_latency_bucket{le="0.3"}\'',
        "        values: '0+90x120'",
        '      - series: \'checkout_latency_bucket{le="1"}\'',
        "        values: '0+100x120'",
        '      - series: \'checkout_latency_bucket{le="+Inf"}\'',
        "        values: '0+100x120'",
        "      - series: 'checkout_latency_count'",
        "        values: '0+100x120'",
        '    promql_expr_test:',
        '      - expr: round(herald_slo:burn_rate:1h{slo="checkout-p99"})',
        '        eval_time: 90m',
        '        exp_samples:',
        '          - labels: \'{slo="checkout-p99"}\'',
        '            value: 10',
        '    alert_rule_test:',
        '      - eval_time: 90m',
        '        alertname: SLOLatency_checkout_p99',
        '        exp_alerts:',
        '          - exp_labels:',
        '              slo: checkout-p99',
        '              tier: p0_page',
        '              owner: payments',
        '              severity: critical',
        '            exp_annotations:',
        '              summary: p99 of checkout.latency is 930.0 ms, over 300 ms',
        '              description: p99 checkout under 300 ms',
        '              runbook_url: https://runbooks.example.com/checkout',
        '      - eval_time: 90m',
        '        alertname: SLOErrorBudgetBurn_checkout_p99',
        '        exp_alerts:',
        '          - exp_labels:',
        '              slo: checkout-p99',
        '              tier: p0_page',
        '              owner: payments',
        '              severity: ticket',
        '              long_window: 3d',
        '            exp_annotations:',
        '              summary: SLO checkout-p99 is burning its error budget 1x too fast over 3d and 6h',
        '              description: p99 checkout under 300 ms',
        '              runbook_url: https://runbooks.example.com/checkout',
        '          - exp_labels:',
        '              slo: checkout-p99',
        '              tier: p0_page',
        '              owner: payments',
        '              severity: page',
        '              long_window: 6h',
        '            exp_annotations:',
        '              summary: SLO checkout-p99 is burning its error budget 6x too fast over 6h and 30m',
        '              description: p99 checkout under 300 ms',
        '              runbook_url: https://runbooks.example.com/checkout',
        '',
      ].join('\n'),
    );
    const { code, output } = await promtool('test', 'rules', test);
    expect(output).toContain('SUCCESS');
    expect(code).toBe(0);
  });
});
