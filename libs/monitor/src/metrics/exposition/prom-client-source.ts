import { requireOptional } from '@herald/contracts/internal';
import { escapeHelp, escapeLabelValue, formatValue } from '../instruments/metric-name.util.js';
import type { ExpositionFormat } from './render-exposition.js';

/** The part of a prom-client `Registry` the scrape surface uses. */
export interface PromRegistryLike {
  metrics(): Promise<string>;
  getMetricsAsJSON(): Promise<unknown[]>;
}

interface PromMetricJson {
  name: string;
  help: string;
  type: string;
  values: Array<{ value: number; labels?: Record<string, string | number>; metricName?: string }>;
}

/**
 * Loads prom-client lazily; a missing package becomes `MissingDependencyError` naming it.
 * @internal typed by prom-client, so kept out of the published declarations
 */
export function loadPromClient(feature: string): typeof import('prom-client') {
  return requireOptional<typeof import('prom-client')>('prom-client', feature);
}

function labelText(labels: Record<string, string | number>): string {
  let out = '';
  for (const key in labels) {
    const raw = labels[key];
    const value = typeof raw === 'number' ? formatValue(raw) : String(raw);
    out += `${out ? ',' : ''}${key}="${escapeLabelValue(value)}"`;
  }
  return out === '' ? '' : `{${out}}`;
}

/**
 * A prom-client registry's content in `format`. The 0.0.4 text is prom-client's
 * own; OpenMetrics is rendered here from `getMetricsAsJSON()` (counter
 * families without `_total`, samples with it), without the `# EOF` line.
 */
export async function renderPromRegistry(
  registry: PromRegistryLike,
  format: ExpositionFormat,
): Promise<string> {
  if (format === 'prometheus') return registry.metrics();
  let out = '';
  for (const metric of (await registry.getMetricsAsJSON()) as PromMetricJson[]) {
    const counter = metric.type === 'counter';
    const family = counter ? metric.name.replace(/_total$/, '') : metric.name;
    const type = metric.type === 'untyped' ? 'unknown' : metric.type;
    out += `# HELP ${family} ${escapeHelp(metric.help || family)}\n# TYPE ${family} ${type}\n`;
    for (const v of metric.values) {
      const name = counter ? `${family}_total` : (v.metricName ?? metric.name);
      out += `${name}${labelText(v.labels ?? {})} ${formatValue(v.value)}\n`;
    }
  }
  return out;
}

/**
 * prom-client's default metrics that break the Prometheus naming rules
 * (gauges named `*_total`, which `promtool check metrics` rejects); the same
 * numbers stay available per type in `nodejs_active_handles` etc.
 */
const MISNAMED_DEFAULTS = [
  'nodejs_active_handles_total',
  'nodejs_active_requests_total',
  'nodejs_active_resources_total',
];

/**
 * Registers the Node runtime metrics (prom-client default metrics) on `registry`, lint-clean.
 * @internal typed by prom-client, so kept out of the published declarations
 */
export function registerRuntimeMetrics(registry: import('prom-client').Registry): void {
  const prom = loadPromClient('Runtime metrics');
  prom.collectDefaultMetrics({ register: registry });
  for (const name of MISNAMED_DEFAULTS) registry.removeSingleMetric(name);
}
