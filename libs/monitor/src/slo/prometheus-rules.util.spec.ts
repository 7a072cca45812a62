import { parse, stringify } from 'yaml';
import { HeraldValueError } from '../errors/index.js';
import { toPrometheusName, toPrometheusRules } from './prometheus-rules.util.js';
import { SLOTier } from './slo-tier.enum.js';

describe('toPrometheusRules', () => {
  const slo = {
    name: 'api p99',
    metric: 'http.server.duration',
    percentile: 0.99,
    thresholdMs: 250,
    windowMs: 300_000,
    tier: SLOTier.P1_BUSINESS_HOURS,
    owner: 'team "api"',
  };

  it('writes one group per SLO with the percentile, the burn rates and the alerts', () => {
    const doc = parse(toPrometheusRules([slo], { interval: '30s' }));
    expect(doc.groups).toHaveLength(1);
    const [group] = doc.groups;
    expect(group).toMatchObject({ name: 'herald-slo-api p99', interval: '30s' });
    const records = group.rules.filter((r: any) => r.record).map((r: any) => r.record);
    expect(records).toEqual([
      'herald_slo:latency_ms',
      'herald_slo:burn_rate:5m',
      'herald_slo:burn_rate:30m',
      'herald_slo:burn_rate:1h',
      'herald_slo:burn_rate:6h',
      'herald_slo:burn_rate:3d',
    ]);
    expect(group.rules[0].expr).toBe(
      'histogram_quantile(0.99, sum by (le) (rate(http_server_duration_bucket[5m]))) * 1000',
    );
    expect(group.rules[3].expr).toBe(
      '(1 - sum(rate(http_server_duration_bucket{le="0.25"}[1h])) / sum(rate(http_server_duration_count[1h]))) / 0.01',
    );
    const alerts = group.rules.filter((r: any) => r.alert);
    expect(alerts.map((a: any) => [a.alert, a.labels.severity])).toEqual([
      ['SLOLatency_api_p99', 'high'],
      ['SLOErrorBudgetBurn_api_p99', 'page'],
      ['SLOErrorBudgetBurn_api_p99', 'page'],
      ['SLOErrorBudgetBurn_api_p99', 'ticket'],
    ]);
    expect(alerts[0].labels).toEqual({
      slo: 'api p99',
      tier: 'p1_business_hours',
      owner: 'team "api"',
      severity: 'high',
    });
    expect(alerts[1].expr).toBe(
      'herald_slo:burn_rate:1h{slo="api p99"} > 14.4 and herald_slo:burn_rate:5m{slo="api p99"} > 14.4',
    );
  });

  it('is written by the yaml library and keeps awkward strings intact', () => {
    const awkward = {
      ...slo,
      name: 'checkout: p99 # eu',
      description: 'Line one\nline two: with "quotes" and a # sign',
      runbookUrl: 'https://runbooks.example/slo#checkout?x=1&y=2',
      owner: "team 'pay' — ünïcode",
    };
    const text = toPrometheusRules([awkward]);
    expect(text).toBe(stringify(parse(text), { lineWidth: 0 }));
    const alert = parse(text).groups[0].rules.find((r: any) => r.alert);
    expect(alert.annotations).toMatchObject({
      description: awkward.description,
      runbook_url: awkward.runbookUrl,
    });
    expect(alert.labels).toMatchObject({ slo: awkward.name, owner: awkward.owner });
  });

  it('uses milliseconds buckets when told so', () => {
    const doc = parse(toPrometheusRules([slo], { metricUnit: 'milliseconds' }));
    expect(doc.groups[0].rules[0].expr).toMatch(/\) \* 1$/);
    expect(doc.groups[0].rules[1].expr).toContain('le="250"');
  });

  it('validates the SLOs', () => {
    expect(() => toPrometheusRules([{ ...slo, percentile: 2 }])).toThrow(HeraldValueError);
  });

  it('toPrometheusName makes valid metric names', () => {
    expect(toPrometheusName('http.server.duration')).toBe('http_server_duration');
    expect(toPrometheusName('9lives')).toBe('_9lives');
  });
});
