import type { BaseMetric } from '../instruments/base-metric.js';
import type { Exemplar } from '../instruments/exemplar.js';
import type { Counter } from '../instruments/counter.js';
import type { Gauge } from '../instruments/gauge.js';
import type { Histogram } from '../instruments/histogram.js';
import type { Summary } from '../instruments/summary.js';
import { escapeHelp, escapeLabelValue, formatValue } from '../instruments/metric-name.util.js';

/** Content type of the Prometheus text format 0.0.4 (the default answer of /metrics). */
export const PROMETHEUS_CONTENT_TYPE = 'text/plain; version=0.0.4; charset=utf-8';
/** Content type of OpenMetrics 1.0.0 (answered when the scraper's `Accept` asks for it). */
export const OPENMETRICS_CONTENT_TYPE =
  'application/openmetrics-text; version=1.0.0; charset=utf-8';

export type ExpositionFormat = 'prometheus' | 'openmetrics';

/** The format a scraper asks for in its `Accept` header. */
export function negotiateFormat(accept: string | string[] | undefined): ExpositionFormat {
  const value = Array.isArray(accept) ? accept.join(',') : (accept ?? '');
  return value.includes('application/openmetrics-text') ? 'openmetrics' : 'prometheus';
}

/** `a="x",b="y"` of series `index`: constant labels first, then the variable ones. Cached per series. */
function innerLabels(metric: BaseMetric, index: number): string {
  return metric.seriesPrefix(index, (i) => {
    let out = '';
    for (const key in metric.constLabels) {
      out += `${out ? ',' : ''}${key}="${escapeLabelValue(metric.constLabels[key])}"`;
    }
    const names = metric.labelNames;
    const values = metric.seriesValues(i);
    for (let n = 0; n < names.length; n++) {
      const v = values[n];
      if (v === undefined || v === '') continue;
      out += `${out ? ',' : ''}${names[n]}="${escapeLabelValue(v)}"`;
    }
    return out;
  });
}

function sample(name: string, inner: string, value: number): string {
  return inner === ''
    ? `${name} ${formatValue(value)}\n`
    : `${name}{${inner}} ${formatValue(value)}\n`;
}

/** ` # {trace_id="…",span_id="…"} value timestamp` (OpenMetrics), or '' without an exemplar. */
function exemplarSuffix(exemplar: Exemplar | undefined): string {
  if (exemplar === undefined) return '';
  return ` # {trace_id="${exemplar.traceId}",span_id="${exemplar.spanId}"} ${formatValue(exemplar.value)} ${(exemplar.timestampMs / 1000).toFixed(3)}`;
}

function withLabel(inner: string, extra: string): string {
  return inner === '' ? extra : `${inner},${extra}`;
}

function header(name: string, help: string, type: string): string {
  return `# HELP ${name} ${escapeHelp(help || name)}\n# TYPE ${name} ${type}\n`;
}

/**
 * Counters are exposed with the `_total` suffix (added when the name lacks
 * it, as the Prometheus clients do); in OpenMetrics the family name is
 * without it and the samples with it.
 */
function renderCounter(m: Counter, format: ExpositionFormat): string {
  const base = m.name.endsWith('_total') ? m.name.slice(0, -6) : m.name;
  const sampleName = `${base}_total`;
  let out = header(format === 'openmetrics' ? base : sampleName, m.description, 'counter');
  const exemplars = format === 'openmetrics' ? m.exemplars : null;
  for (let i = 0; i < m.seriesCount; i++) {
    const line = sample(sampleName, innerLabels(m, i), m.valueAt(i));
    const exemplar = exemplars === null ? undefined : exemplars[i];
    out += exemplar === undefined ? line : `${line.slice(0, -1)}${exemplarSuffix(exemplar)}\n`;
  }
  return out;
}

function renderGauge(m: Gauge): string {
  let out = header(m.name, m.description, 'gauge');
  for (let i = 0; i < m.seriesCount; i++) out += sample(m.name, innerLabels(m, i), m.valueAt(i));
  return out;
}

function renderHistogram(m: Histogram, format: ExpositionFormat): string {
  const bounds = m.buckets;
  const n = bounds.length;
  const les = bounds.map((b) => `le="${formatValue(b)}"}`);
  les.push('le="+Inf"}');
  const bucketName = `${m.name}_bucket{`;
  const parts: string[] = [header(m.name, m.description, 'histogram')];
  const exemplars = format === 'openmetrics' ? m.exemplars : null;
  for (let i = 0; i < m.seriesCount; i++) {
    const inner = innerLabels(m, i);
    const open = inner === '' ? bucketName : `${bucketName}${inner},`;
    const data = m.seriesData(i);
    let running = 0;
    for (let b = 0; b <= n; b++) {
      running += data[b];
      parts.push(open, les[b], ' ', String(running));
      if (exemplars !== null) parts.push(exemplarSuffix(exemplars[m.exemplarSlot(i, b)]));
      parts.push('\n');
    }
    parts.push(
      sample(`${m.name}_sum`, inner, data[n + 2]),
      sample(`${m.name}_count`, inner, data[n + 1]),
    );
  }
  return parts.join('');
}

function renderSummary(m: Summary): string {
  let out = header(m.name, m.description, 'summary');
  for (let i = 0; i < m.seriesCount; i++) {
    const inner = innerLabels(m, i);
    for (const [q, v] of m.quantilesAt(i)) {
      out += `${m.name}{${withLabel(inner, `quantile="${formatValue(q)}"`)}} ${formatValue(v)}\n`;
    }
    const data = m.seriesData(i);
    out += sample(`${m.name}_sum`, inner, data[1]);
    out += sample(`${m.name}_count`, inner, data[0]);
  }
  return out;
}

/**
 * Serialises Herald instruments to the Prometheus text format (0.0.4) or
 * OpenMetrics, at scrape time, straight from their typed arrays. Instruments
 * without any series are left out. Exemplars (counters and histogram buckets
 * with `enableExemplars()`) appear in OpenMetrics only; the 0.0.4 text has no
 * syntax for them. OpenMetrics output is not terminated here
 * (`# EOF` is added once by the caller, after any other source).
 */
export function renderMetrics(metrics: Iterable<BaseMetric>, format: ExpositionFormat): string {
  const parts: string[] = [];
  for (const m of metrics) {
    if (m.seriesCount === 0) continue;
    switch (m.type) {
      case 'counter':
        parts.push(renderCounter(m as Counter, format));
        break;
      case 'gauge':
        parts.push(renderGauge(m as Gauge));
        break;
      case 'histogram':
        parts.push(renderHistogram(m as Histogram, format));
        break;
      case 'summary':
        parts.push(renderSummary(m as Summary));
        break;
    }
  }
  return parts.join('');
}
