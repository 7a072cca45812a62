import { stringify } from 'yaml';
import { MULTI_BURN_RATE_WINDOWS } from './error-budget.util.js';
import { severityForTier } from './slo-tier.enum.js';
import { formatWindow, normalizeSlo, percentileLabel } from './slo-violation.util.js';
import type { SLO } from './slo.types.js';

/** Options of `toPrometheusRules()`. */
export interface PrometheusRulesOptions {
  /**
   * Unit of the Prometheus histogram behind each SLO's metric (`<metric>_bucket`,
   * `<metric>_count`). Herald and prom-client histograms observe seconds.
   * @default 'seconds'
   */
  metricUnit?: 'seconds' | 'milliseconds';
  /** Prefix of the group names. @default 'herald-slo' */
  groupPrefix?: string;
  /** Evaluation interval of the groups, e.g. `'30s'`. Prometheus' global one when unset. */
  interval?: string;
}

type Rule = Record<string, unknown>;

/** A Prometheus metric name for a Herald metric name (`http.latency` → `http_latency`). */
export function toPrometheusName(name: string): string {
  const cleaned = name.replace(/[^a-zA-Z0-9_:]/g, '_');
  return /^[a-zA-Z_:]/.test(cleaned) ? cleaned : `_${cleaned}`;
}

function promDuration(ms: number): string {
  const text = formatWindow(ms);
  return /^\d+(ms|s|m|h|d)$/.test(text) ? text : `${Math.max(1, Math.round(ms))}ms`;
}

/**
 * Prometheus recording and alerting rules for the same SLOs the engine
 * evaluates in process, as a rules file (YAML) that `promtool check rules`
 * accepts. Per SLO, one group with:
 * - `herald_slo:latency_ms` — the SLO's percentile over its window
 *   (`histogram_quantile` on `<metric>_bucket`), and the alert `SLOLatency_<name>`
 *   when it is above the threshold at the burn-rate threshold;
 * - `herald_slo:burn_rate:<w>` for 5m, 30m, 1h, 6h, 3d — share of requests
 *   slower than the threshold ÷ (1 − percentile); this needs a histogram
 *   bucket boundary at the threshold — and the SRE Workbook's
 *   multi-window multi-burn-rate alerts `SLOErrorBudgetBurn_<name>`
 *   (14.4× 1h+5m and 6× 6h+30m page, 1× 3d+6h ticket).
 *
 * @example writeFileSync('slo.rules.yml', toPrometheusRules(Object.values(sloMonitor.registeredSlos)))
 */
export function toPrometheusRules(slos: SLO[], options: PrometheusRulesOptions = {}): string {
  const scale = (options.metricUnit ?? 'seconds') === 'seconds' ? 1000 : 1;
  const groups = slos.map((input) => {
    const slo = normalizeSlo(input);
    const metric = toPrometheusName(slo.metric);
    const sel = `{slo=${JSON.stringify(slo.name)}}`;
    const le = String(slo.thresholdMs / scale);
    const allowed = Number((1 - slo.percentile).toPrecision(12));
    const labels = { slo: slo.name };
    const baseLabels: Record<string, string> = { slo: slo.name, tier: slo.tier };
    if (slo.owner) baseLabels.owner = slo.owner;
    const annotations = (summary: string): Record<string, string> => ({
      summary,
      ...(slo.description ? { description: slo.description } : {}),
      ...(slo.runbookUrl ? { runbook_url: slo.runbookUrl } : {}),
    });
    const burnWindows = new Set<number>();
    for (const w of MULTI_BURN_RATE_WINDOWS) burnWindows.add(w.shortWindowMs).add(w.longWindowMs);
    const rules: Rule[] = [
      {
        record: 'herald_slo:latency_ms',
        expr: `histogram_quantile(${slo.percentile}, sum by (le) (rate(${metric}_bucket[${promDuration(slo.windowMs)}]))) * ${scale}`,
        labels,
      },
      ...[...burnWindows]
        .sort((a, b) => a - b)
        .map((ms) => ({
          record: `herald_slo:burn_rate:${promDuration(ms)}`,
          expr:
            `(1 - sum(rate(${metric}_bucket{le="${le}"}[${promDuration(ms)}])) / sum(rate(${metric}_count[${promDuration(ms)}])))` +
            (allowed > 0 ? ` / ${allowed}` : ' * 1e9'),
          labels,
        })),
      {
        alert: `SLOLatency_${toPrometheusName(slo.name)}`,
        expr:
          `herald_slo:latency_ms${sel} > ${slo.thresholdMs}` +
          ` and herald_slo:latency_ms${sel} / ${slo.thresholdMs} >= ${slo.burnRateThreshold}`,
        labels: { ...baseLabels, severity: severityForTier(slo.tier) },
        annotations: annotations(
          `${percentileLabel(slo.percentile)} of ${slo.metric} is {{ $value | printf "%.1f" }} ms, over ${slo.thresholdMs} ms`,
        ),
      },
      ...MULTI_BURN_RATE_WINDOWS.map((w) => {
        const long = promDuration(w.longWindowMs);
        const short = promDuration(w.shortWindowMs);
        return {
          alert: `SLOErrorBudgetBurn_${toPrometheusName(slo.name)}`,
          expr: `herald_slo:burn_rate:${long}${sel} > ${w.factor} and herald_slo:burn_rate:${short}${sel} > ${w.factor}`,
          labels: { ...baseLabels, severity: w.severity, long_window: long },
          annotations: annotations(
            `SLO ${slo.name} is burning its error budget ${w.factor}x too fast over ${long} and ${short}`,
          ),
        };
      }),
    ];
    return {
      name: `${options.groupPrefix ?? 'herald-slo'}-${slo.name}`,
      ...(options.interval ? { interval: options.interval } : {}),
      rules,
    };
  });
  // lineWidth 0: each PromQL expression stays on one line
  return stringify({ groups }, { lineWidth: 0 });
}
